// Edits of a parsed file, made on the tokens the parser saw (after the
// preprocessor) and written back where the student spelled them: plain
// text, a macro's body or a macro's argument in the main file. A token
// that has no place of its own there (made by ## or #, or spelled in a
// header) has its whole macro call replaced by the call's expansion, with
// the edits applied; that call keeps its lines, so every line of the file
// keeps its number.
// Non-goals: edits outside the main file; reformatting untouched text.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <clang/Basic/SourceManager.h>
#include <clang/Tooling/Syntax/Tokens.h>

namespace cudafe {

/// A set of edits of the main file, each anchored at one expanded token.
class TokenEdits {
public:
    TokenEdits(const clang::SourceManager& sm, const clang::LangOptions& lang, const clang::syntax::TokenBuffer& tokens)
        : sm_(sm), lang_(lang), tokens_(tokens) {}

    /// The index in the expanded token stream of the token starting at `loc`, or -1.
    long indexOf(clang::SourceLocation loc) const;
    /// The expanded token at `index` (valid index).
    const clang::syntax::Token& token(long index) const { return tokens_.expandedTokens()[size_t(index)]; }
    /// How many tokens the expanded stream has.
    long size() const { return long(tokens_.expandedTokens().size()); }
    /// The text of expanded tokens [first, last], joined by single spaces.
    std::string text(long first, long last) const;

    /// Puts `text` before the token at `index`.
    void insertBefore(long index, const std::string& text) { edits_[index].before += text; }
    /// Puts `text` after the token at `index`.
    void insertAfter(long index, const std::string& text) { edits_[index].after = text + edits_[index].after; }
    /// Replaces the token at `index` by `text` ("" removes it).
    void replace(long index, const std::string& text) {
        edits_[index].replaced = true;
        edits_[index].replacement = text;
    }

    /// Removes the whole macro call that produced `loc` (e.g. `__shared__`), with every edit inside it.
    void removeCall(clang::SourceLocation loc);
    /// The main-file text of the outermost macro call that produced `loc`, or "" when it is no call.
    std::string callText(clang::SourceLocation loc) const;

    /// The main file's text with every edit applied. Where two macro calls
    /// would edit one place of the macro differently, those calls are
    /// expanded in place; false with `error` set when that does not settle it.
    bool apply(std::string& out, std::string& error) const;

private:
    struct Edit {
        std::string before, after, replacement;
        bool replaced = false;
    };
    /// A token's own text in the main file: its offset and length, or false.
    bool spelledInMainFile(const clang::syntax::Token& t, unsigned& offset, unsigned& length) const;
    /// A replacement of main-file bytes [begin, end).
    struct TextEdit;
    /// Macro calls by their main-file offsets: begin -> end.
    using CallRanges = std::map<unsigned, unsigned>;
    /// One try of apply() with the macro calls starting at `forced` expanded; on a
    /// disagreement, the calls involved are added to `conflicting`.
    bool tryApply(const std::set<unsigned>& forced, std::string& out, std::set<unsigned>& conflicting, std::string& error) const;
    /// The macro calls whose expansion replaces them: one of their edited tokens has no text of its own
    /// in the file, or the call is `forced`; false with `error` set when an edit falls outside the file.
    bool expandedCalls(const std::set<unsigned>& forced, CallRanges& calls, std::string& error) const;
    /// The edits of tokens spelled in the file outside the calls expanded or removed; false with `error`
    /// set when two edits of one place disagree (their macro calls added to `conflicting`).
    bool spelledEdits(const CallRanges& expanded, std::vector<TextEdit>& edits, std::set<unsigned>& conflicting,
                      std::string& error) const;
    /// Each expanded call replaced by its edited tokens, on as many lines as the call took.
    void expansionEdits(const CallRanges& expanded, std::vector<TextEdit>& edits) const;
    /// `text` of the token at `index` with its edit applied.
    std::string edited(long index, const std::string& text) const;

    const clang::SourceManager& sm_;
    const clang::LangOptions& lang_;
    const clang::syntax::TokenBuffer& tokens_;
    std::map<long, Edit> edits_;
    CallRanges removedCalls_;  ///< macro calls to remove
};

}  // namespace cudafe
