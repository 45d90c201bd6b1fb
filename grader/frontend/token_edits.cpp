// Writing token edits back to the main file (see token_edits.h).
#include "token_edits.h"

#include <algorithm>
#include <set>
#include <vector>

#include <clang/Lex/Lexer.h>

namespace cudafe {

namespace {

/// The main-file range of the outermost macro call that produced `loc`.
bool callRange(const clang::SourceManager& sm, const clang::LangOptions& lang, clang::SourceLocation loc, unsigned& begin,
               unsigned& end) {
    const clang::CharSourceRange range = sm.getExpansionRange(loc);
    if (!sm.isWrittenInMainFile(range.getBegin())) return false;
    begin = sm.getFileOffset(range.getBegin());
    clang::SourceLocation last = range.getEnd();
    if (range.isTokenRange()) last = clang::Lexer::getLocForEndOfToken(last, 0, sm, lang);
    end = sm.getFileOffset(last);
    return end >= begin;
}

/// True when `offset` lies inside one of `calls`.
bool insideCall(const std::map<unsigned, unsigned>& calls, unsigned offset) {
    auto it = calls.upper_bound(offset);
    return it != calls.begin() && offset < std::prev(it)->second;
}

/// As many newlines as `original` holds: what stands for a replaced call, so that every line keeps its number.
std::string sameLines(llvm::StringRef original) { return std::string(size_t(original.count('\n')), '\n'); }

}  // namespace

struct TokenEdits::TextEdit {
    unsigned begin, end;
    std::string text;
};

long TokenEdits::indexOf(clang::SourceLocation loc) const {
    const auto found = tokens_.expandedTokens(clang::SourceRange(loc, loc));
    if (found.empty()) return -1;
    return long(found.data() - tokens_.expandedTokens().data());
}

std::string TokenEdits::text(long first, long last) const {
    std::string out;
    unsigned previousEnd = 0;
    for (long i = first; i <= last && i < size(); ++i) {
        unsigned offset = 0, length = 0;
        const bool spelled = spelledInMainFile(token(i), offset, length);
        if (i > first && !(spelled && offset == previousEnd)) out += ' ';  // as written: a space only where the student left one
        out += token(i).text(sm_).str();
        previousEnd = spelled ? offset + length : 0;
    }
    return out;
}

void TokenEdits::removeCall(clang::SourceLocation loc) {
    unsigned begin, end;
    if (loc.isMacroID() && callRange(sm_, lang_, loc, begin, end)) removedCalls_[begin] = end;
}

std::string TokenEdits::callText(clang::SourceLocation loc) const {
    unsigned begin, end;
    if (!loc.isMacroID() || !callRange(sm_, lang_, loc, begin, end)) return "";
    return sm_.getBufferData(sm_.getMainFileID()).substr(begin, end - begin).str();
}

bool TokenEdits::spelledInMainFile(const clang::syntax::Token& t, unsigned& offset, unsigned& length) const {
    const clang::SourceLocation spelling = sm_.getSpellingLoc(t.location());
    if (!sm_.isWrittenInMainFile(spelling)) return false;
    offset = sm_.getFileOffset(spelling);
    length = t.length();
    const llvm::StringRef buffer = sm_.getBufferData(sm_.getMainFileID());
    return offset + length <= buffer.size() && buffer.substr(offset, length) == t.text(sm_);
}

std::string TokenEdits::edited(long index, const std::string& text) const {
    auto it = edits_.find(index);
    if (it == edits_.end()) return text;
    return it->second.before + (it->second.replaced ? it->second.replacement : text) + it->second.after;
}

bool TokenEdits::apply(std::string& out, std::string& error) const {
    // A place in a macro's body or argument that two calls would edit
    // differently: those calls are expanded in place instead, and tried again.
    std::set<unsigned> forced;
    for (int attempt = 0; attempt < 16; ++attempt) {
        std::set<unsigned> conflicting;
        if (tryApply(forced, out, conflicting, error)) return true;
        if (conflicting.empty() || std::includes(forced.begin(), forced.end(), conflicting.begin(), conflicting.end())) return false;
        forced.insert(conflicting.begin(), conflicting.end());
    }
    error = "edits of macros that keep disagreeing";
    return false;
}

bool TokenEdits::expandedCalls(const std::set<unsigned>& forced, CallRanges& calls, std::string& error) const {
    for (const auto& [index, edit] : edits_) {
        const clang::SourceLocation loc = token(index).location();
        if (loc.isFileID()) continue;
        unsigned begin, end;
        if (!callRange(sm_, lang_, loc, begin, end)) {
            error = "an edit falls outside the student's file";
            return false;
        }
        unsigned offset, length;
        if ((!spelledInMainFile(token(index), offset, length) || forced.count(begin)) && !removedCalls_.count(begin)) calls[begin] = end;
    }
    return true;
}

bool TokenEdits::spelledEdits(const CallRanges& expanded, std::vector<TextEdit>& edits, std::set<unsigned>& conflicting,
                              std::string& error) const {
    auto expandedWithCall = [&](long index) {  // the token's edit goes into its call's expansion
        unsigned begin, end;
        return token(index).location().isMacroID() && callRange(sm_, lang_, token(index).location(), begin, end) &&
               (expanded.count(begin) || removedCalls_.count(begin));
    };
    std::map<unsigned, std::pair<std::string, long>> spelled;  // offset -> edited text and token, to find disagreeing edits
    for (const auto& [index, edit] : edits_) {
        unsigned offset, length;
        if (!spelledInMainFile(token(index), offset, length) || insideCall(expanded, offset) || insideCall(removedCalls_, offset) ||
            expandedWithCall(index))
            continue;
        const std::string text = edited(index, token(index).text(sm_).str());
        if (auto [it, fresh] = spelled.emplace(offset, std::make_pair(text, index)); !fresh) {
            if (it->second.first == text) continue;
            unsigned call, end;
            for (long other : {index, it->second.second})
                if (token(other).location().isMacroID() && callRange(sm_, lang_, token(other).location(), call, end)) conflicting.insert(call);
            error = "two edits of one macro disagree";
            return false;
        }
        edits.push_back({offset, offset + length, text});
    }
    return true;
}

void TokenEdits::expansionEdits(const CallRanges& expanded, std::vector<TextEdit>& edits) const {
    if (expanded.empty()) return;
    // Each call's expanded tokens: the macro tokens whose outermost call starts at its offset.
    std::map<unsigned, std::string> expansions;
    for (long i = 0; i < size(); ++i) {
        const clang::SourceLocation loc = token(i).location();
        unsigned b, e;
        if (!loc.isMacroID() || !sm_.isWrittenInMainFile(sm_.getExpansionLoc(loc)) || !callRange(sm_, lang_, loc, b, e) ||
            !expanded.count(b))
            continue;
        std::string& text = expansions[b];
        if (!text.empty()) text += ' ';
        text += edited(i, token(i).text(sm_).str());
    }
    const llvm::StringRef buffer = sm_.getBufferData(sm_.getMainFileID());
    for (const auto& [begin, end] : expanded) edits.push_back({begin, end, expansions[begin] + sameLines(buffer.substr(begin, end - begin))});
}

bool TokenEdits::tryApply(const std::set<unsigned>& forced, std::string& out, std::set<unsigned>& conflicting, std::string& error) const {
    const llvm::StringRef buffer = sm_.getBufferData(sm_.getMainFileID());
    CallRanges expanded;
    std::vector<TextEdit> textEdits;
    if (!expandedCalls(forced, expanded, error) || !spelledEdits(expanded, textEdits, conflicting, error)) return false;
    expansionEdits(expanded, textEdits);
    for (const auto& [begin, end] : removedCalls_) textEdits.push_back({begin, end, sameLines(buffer.substr(begin, end - begin))});
    std::sort(textEdits.begin(), textEdits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin < b.begin; });
    out.clear();
    unsigned at = 0;
    for (const auto& e : textEdits) {
        if (e.begin < at) {
            error = "two edits overlap";
            return false;
        }
        out.append(buffer.data() + at, e.begin - at);
        out += e.text;
        at = e.end;
    }
    out.append(buffer.data() + at, buffer.size() - at);
    return true;
}

}  // namespace cudafe
