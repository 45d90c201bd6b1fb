// The backward scan from a subscript to its array's name.
#include "backend/array_index.h"

#include <cctype>
#include <sstream>

namespace grader {

namespace {

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// The text of line `line` (1-based) of `source`.
std::string lineOf(const std::string& source, int line) {
    std::stringstream lines(source);
    std::string text;
    for (int i = 1; std::getline(lines, text); ++i)
        if (i == line) return text;
    return "";
}

/// Index just past the ']' closing the '[' at `open`, or npos.
size_t pastClose(const std::string& text, size_t open) {
    int depth = 0;
    for (size_t i = open; i < text.size(); ++i) {
        if (text[i] == '[') ++depth;
        if (text[i] == ']' && --depth == 0) return i + 1;
    }
    return std::string::npos;
}

}  // namespace

IndexedArray indexedArrayAt(const std::string& source, int line, int column, int firstLine) {
    IndexedArray found;
    const std::string text = lineOf(source, line + firstLine);
    size_t open = column > 0 ? size_t(column - 1) : 0;
    if (open >= text.size() || text[open] != '[') open = text.find('[', open);
    if (open == std::string::npos) return found;
    const size_t end = pastClose(text, open);
    if (end == std::string::npos) return found;
    // Back over earlier subscripts, then the name with its members (t.a, p->tiles).
    size_t begin = open;
    while (begin > 0) {
        size_t i = begin;
        while (i > 0 && text[i - 1] == ' ') --i;
        if (i > 0 && text[i - 1] == ']') {
            int depth = 0;
            size_t j = i;
            while (j > 0) {
                --j;
                if (text[j] == ']') ++depth;
                if (text[j] == '[' && --depth == 0) break;
            }
            begin = j;
            continue;
        }
        size_t k = i;
        while (k > 0 && isNameChar(text[k - 1])) --k;
        if (k == i) break;
        begin = k;
        if (k >= 1 && text[k - 1] == '.') begin = k - 1;
        else if (k >= 2 && text.compare(k - 2, 2, "->") == 0) begin = k - 2;
        else break;
    }
    // On through the later subscripts of the same chain: tB[k][tx].
    size_t chainEnd = end;
    while (chainEnd < text.size() && text[chainEnd] == '[') {
        const size_t next = pastClose(text, chainEnd);
        if (next == std::string::npos) break;
        chainEnd = next;
    }
    found.expression = text.substr(begin, chainEnd - begin);
    for (size_t i = begin; i <= open; ++i)
        if (text[i] == '[' && (i == begin || text[i - 1] != '[')) {
            int depth = 0;
            for (size_t j = begin; j < i; ++j) depth += text[j] == '[' ? 1 : text[j] == ']' ? -1 : 0;
            if (depth == 0) ++found.dimension;
        }
    size_t nameEnd = 0;
    while (nameEnd < found.expression.size() && (isNameChar(found.expression[nameEnd]) || found.expression[nameEnd] == '.' ||
                                                  found.expression[nameEnd] == '-' || found.expression[nameEnd] == '>'))
        ++nameEnd;
    found.array = found.expression.substr(0, nameEnd);
    const std::string base = found.array.substr(0, found.array.find_first_of(".-"));
    found.shared = !base.empty() && (source.find("(&" + base + ")") != std::string::npos ||
                                     source.find("cuemu_shared_" + base + "()") != std::string::npos ||
                                     source.find("* " + base + " = ::cuemu::dynamicSharedAs") != std::string::npos);
    return found;
}

}  // namespace grader
