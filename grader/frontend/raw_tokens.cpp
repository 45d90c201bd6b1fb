// clang's raw lexer over one file, normalized (see raw_tokens.h).
#include "raw_tokens.h"

#include <algorithm>

#include <clang/Basic/IdentifierTable.h>
#include <clang/Basic/LangOptions.h>
#include <clang/Basic/TokenKinds.h>
#include <clang/Lex/Lexer.h>

namespace cudafe {

namespace {

/// CUDA's C++ as the kit writes it.
clang::LangOptions rawLexLanguage() {
    clang::LangOptions lang;
    lang.CPlusPlus = lang.CPlusPlus11 = lang.CPlusPlus14 = lang.CPlusPlus17 = 1;
    lang.LineComment = 1;
    lang.Bool = 1;
    lang.CUDA = 1;
    return lang;
}

/// True for a name renaming cannot touch: CUDA's built-in variables, qualifiers and API.
bool untouchableName(const std::string& name) {
    static const char* const builtins[] = {"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3"};
    if (name.rfind("__", 0) == 0 || name.rfind("cuda", 0) == 0) return true;
    return std::find_if(std::begin(builtins), std::end(builtins), [&](const char* b) { return name == b; }) != std::end(builtins);
}

/// The normalized spelling of a token of kind `kind` spelt `spelling`.
std::string normalizedSpelling(clang::tok::TokenKind kind, const std::string& spelling, clang::IdentifierTable& names) {
    if (kind == clang::tok::raw_identifier) {
        if (untouchableName(spelling)) return spelling;
        return names.get(spelling).getTokenID() == clang::tok::identifier ? "ID" : spelling;
    }
    if (kind == clang::tok::numeric_constant) return "NUM";
    if (clang::tok::isStringLiteral(kind)) return "STR";
    if (kind == clang::tok::char_constant || kind == clang::tok::wide_char_constant || kind == clang::tok::utf8_char_constant ||
        kind == clang::tok::utf16_char_constant || kind == clang::tok::utf32_char_constant)
        return "CHR";
    if (const char* p = clang::tok::getPunctuatorSpelling(kind)) return p;
    return spelling;
}

}  // namespace

std::vector<RawToken> rawTokens(const std::string& source) {
    const clang::LangOptions lang = rawLexLanguage();
    clang::IdentifierTable names(lang);
    const clang::SourceLocation start = clang::SourceLocation::getFromRawEncoding(1);
    clang::Lexer lexer(start, lang, source.data(), source.data(), source.data() + source.size());
    lexer.SetCommentRetentionState(false);
    std::vector<RawToken> tokens;
    size_t scanned = 0;
    int line = 1;
    for (clang::Token token;;) {
        lexer.LexFromRawLexer(token);
        if (token.is(clang::tok::eof)) break;
        const size_t offset = std::min<size_t>(token.getLocation().getRawEncoding() - start.getRawEncoding(), source.size());
        line += static_cast<int>(std::count(source.begin() + static_cast<long>(scanned), source.begin() + static_cast<long>(offset), '\n'));
        scanned = offset;
        if (token.is(clang::tok::unknown)) continue;  // a stray byte: nothing a copy would keep
        const std::string spelling(source.data() + offset, std::min<size_t>(token.getLength(), source.size() - offset));
        tokens.push_back({normalizedSpelling(token.getKind(), spelling, names), line});
    }
    return tokens;
}

}  // namespace cudafe
