// Reading the student's source for names (see source_scan.h).
#include "checks/source_scan.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace grader {

namespace {

bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// The longest text a regular expression here reads: std::regex recurses once per character, so a
/// student's 32 KB identifier or statement would overflow the stack (5 KB under ASan).
constexpr size_t kLongestScannedText = 2048;

/// Whether code[begin, end) calls a barrier: `__syncthreads (` or `. sync (` (a group's), spaces allowed.
bool callsBarrier(const std::string& code, size_t begin, size_t end) {
    const auto skipSpaces = [&](size_t i) {
        while (i < end && std::isspace(static_cast<unsigned char>(code[i]))) ++i;
        return i;
    };
    for (size_t i = begin; i < end; ++i) {
        size_t next = std::string::npos;
        if (code.compare(i, 13, "__syncthreads") == 0 && i + 13 <= end) next = skipSpaces(i + 13);
        else if (code[i] == '.' && (next = skipSpaces(i + 1)) + 4 <= end && code.compare(next, 4, "sync") == 0) next = skipSpaces(next + 4);
        else next = std::string::npos;
        if (next != std::string::npos && next < end && code[next] == '(') return true;
    }
    return false;
}

/// The index just past the bracket that closes the one at `open`, or npos.
size_t matchingClose(const std::string& code, size_t open) {
    const char opening = code[open];
    const char closing = opening == '(' ? ')' : '}';
    int depth = 0;
    for (size_t i = open; i < code.size(); ++i) {
        if (code[i] == opening) ++depth;
        else if (code[i] == closing && --depth == 0) return i + 1;
    }
    return std::string::npos;
}

/// The end of the loop body that starts at or after `from`: a braced block or one statement.
size_t bodyEnd(const std::string& code, size_t from) {
    size_t i = from;
    while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i]))) ++i;
    if (i < code.size() && code[i] == '{') return matchingClose(code, i);
    int parens = 0;
    for (; i < code.size(); ++i) {
        if (code[i] == '(') ++parens;
        else if (code[i] == ')') --parens;
        else if (code[i] == '{') {
            const size_t close = matchingClose(code, i);
            if (close == std::string::npos) return close;
            i = close - 1;
        } else if (code[i] == ';' && parens == 0) return i + 1;
    }
    return std::string::npos;
}

/// Runs of white space as one space.
std::string collapsed(const std::string& text) {
    std::string out;
    for (char c : text) {
        const bool space = std::isspace(static_cast<unsigned char>(c));
        if (space && (out.empty() || out.back() == ' ')) continue;
        out += space ? ' ' : c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

/// The variable a for-header counts with: assigned in its init, else the first name of its condition.
std::string loopVariable(const std::string& header) {
    static const std::regex assigned(R"(([A-Za-z_][A-Za-z0-9_]*)\s*(=|\{)[^=])");
    static const std::regex named(R"(([A-Za-z_][A-Za-z0-9_]*))");
    if (header.size() > kLongestScannedText) return "";
    const size_t open = header.find('(');
    const size_t firstSemicolon = header.find(';', open);
    if (open == std::string::npos || firstSemicolon == std::string::npos) return "";
    const std::string init = header.substr(open + 1, firstSemicolon - open - 1);
    std::smatch match;
    if (std::regex_search(init, match, assigned)) return match[1];
    const size_t secondSemicolon = header.find(';', firstSemicolon + 1);
    const std::string condition = header.substr(firstSemicolon + 1, secondSemicolon - firstSemicolon - 1);
    if (std::regex_search(condition, match, named)) return match[1];
    return "";
}

}  // namespace

std::string blankedComments(std::string code) {
    for (size_t i = 0; i < code.size(); ++i) {
        size_t stop = i;
        if (code.compare(i, 2, "//") == 0) stop = code.find('\n', i);
        else if (code.compare(i, 2, "/*") == 0) stop = code.find("*/", i + 2) == std::string::npos ? code.size() : code.find("*/", i + 2) + 2;
        else if (code[i] == '"') stop = code.find('"', i + 1) == std::string::npos ? code.size() : code.find('"', i + 1) + 1;
        if (stop == std::string::npos) stop = code.size();
        for (size_t j = i; j < stop; ++j)
            if (code[j] != '\n') code[j] = ' ';
        if (stop > i) i = stop - 1;
    }
    return code;
}

std::optional<PhaseLoop> findPhaseLoop(const std::string& source) {
    const std::string code = blankedComments(source);
    for (size_t i = code.find("for"); i != std::string::npos; i = code.find("for", i + 3)) {
        if ((i > 0 && isIdentifierChar(code[i - 1])) || (i + 3 < code.size() && isIdentifierChar(code[i + 3]))) continue;
        size_t open = i + 3;
        while (open < code.size() && std::isspace(static_cast<unsigned char>(code[open]))) ++open;
        if (open >= code.size() || code[open] != '(') continue;
        const size_t headerEnd = matchingClose(code, open);
        if (headerEnd == std::string::npos) return std::nullopt;
        const size_t end = bodyEnd(code, headerEnd);
        if (end == std::string::npos) return std::nullopt;
        if (!callsBarrier(code, headerEnd, end)) continue;
        PhaseLoop loop;
        loop.line = 1 + static_cast<int>(std::count(code.begin(), code.begin() + i, '\n'));
        loop.header = collapsed(code.substr(i, headerEnd - i));
        loop.variable = loopVariable(loop.header);
        if (loop.variable.empty()) return std::nullopt;
        return loop;
    }
    return std::nullopt;
}

TileNames findTileNames(const std::string& source) {
    const std::string code = blankedComments(source);
    TileNames names;
    const auto storedFrom = [&code](const char* matrix, std::string& name) {
        const std::regex store(std::string(R"(([A-Za-z_][A-Za-z0-9_]*)\s*\[[^\]]*\]\s*\[[^\]]*\]\s*=\s*)") + matrix + R"(\s*\[)");
        std::smatch match;
        for (size_t start = 0; start < code.size();) {  // statement by statement, each short enough for std::regex
            size_t stop = code.find(';', start);
            if (stop == std::string::npos) stop = code.size();
            const std::string statement = code.substr(start, std::min(stop - start, kLongestScannedText));
            if (std::regex_search(statement, match, store)) {
                name = match[1];
                return;
            }
            start = stop + 1;
        }
    };
    storedFrom("A", names.a);
    storedFrom("B", names.b);
    return names;
}

std::string phaseLoopName(const std::optional<PhaseLoop>& loop) {
    if (!loop) return "the phase loop";
    return "your phase loop (line " + std::to_string(loop->line) + ": `" + loop->header + "`)";
}

std::string phaseVariable(const std::optional<PhaseLoop>& loop, const std::string& fallback) {
    return loop ? loop->variable : fallback;
}

}  // namespace grader
