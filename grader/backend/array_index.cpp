// The scan from a checked subscript to its array's name and subscripts.
#include "backend/array_index.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace grader {

namespace {

bool isIndexNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

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

/// Index of the '[' matching the ']' at `close`, or npos.
size_t openOf(const std::string& text, size_t close) {
    int depth = 0;
    for (size_t j = close + 1; j-- > 0;) {
        if (text[j] == ']') ++depth;
        if (text[j] == '[' && --depth == 0) return j;
    }
    return std::string::npos;
}

/// The '[' of the subscript the column names: its own bracket, or the first one from there on.
size_t subscriptAt(const std::string& text, int column) {
    const size_t at = column > 0 ? size_t(column - 1) : 0;
    if (at < text.size() && text[at] == ']') return openOf(text, at);
    return text.find('[', std::min(at, text.size()));
}

/// How many extents a type names: 2 for "float[16][16]".
int rankOf(const std::string& type) { return int(std::count(type.begin(), type.end(), '[')); }

}  // namespace

IndexedArray indexedArrayAt(const std::string& source, int line, int column, const std::string& type, int firstLine) {
    IndexedArray found;
    const std::string text = lineOf(source, line + firstLine);
    const size_t open = subscriptAt(text, column);
    if (open == std::string::npos || pastClose(text, open) == std::string::npos) return found;
    // Back over earlier subscripts, then the name with its members (t.a, p->tiles).
    size_t begin = open;
    while (begin > 0) {
        size_t i = begin;
        while (i > 0 && text[i - 1] == ' ') --i;
        if (i > 0 && text[i - 1] == ']') {
            const size_t j = openOf(text, i - 1);
            if (j == std::string::npos) break;
            begin = j;
            continue;
        }
        size_t k = i;
        while (k > 0 && isIndexNameChar(text[k - 1])) --k;
        if (k == i) break;
        begin = k;
        if (k >= 1 && text[k - 1] == '.') begin = k - 1;
        else if (k >= 2 && text.compare(k - 2, 2, "->") == 0) begin = k - 2;
        else break;
    }
    // On to the end of the chain, keeping the subscripts of the array that holds the checked one:
    // tB[k][tx] has two; in s[i].a[j] they are a's, [j].
    std::vector<std::pair<size_t, size_t>> subscripts;  // each '[' and the index past its ']'
    size_t chainEnd = begin;
    for (bool more = true; more;) {
        more = false;
        size_t name = chainEnd;
        while (name < text.size() && (isIndexNameChar(text[name]) || text[name] == '.' || text.compare(name, 2, "->") == 0))
            name += text.compare(name, 2, "->") == 0 ? 2 : 1;
        if (name != chainEnd) {
            if (!subscripts.empty() && subscripts.back().first >= open) break;  // a member of the checked element
            subscripts.clear();
            chainEnd = name;
        }
        size_t next = chainEnd;
        while (next < text.size() && text[next] == ' ') ++next;
        if (next < text.size() && text[next] == '[') {
            const size_t close = pastClose(text, next);
            if (close == std::string::npos) break;
            subscripts.emplace_back(next, close);
            chainEnd = close;
            more = true;
        }
    }
    const auto own = std::find_if(subscripts.begin(), subscripts.end(), [open](const auto& s) { return s.first == open; });
    if (own == subscripts.end()) return found;
    found.expression = text.substr(begin, chainEnd - begin);
    // The checked subscript: the type it applies to has as many extents as the chain has subscripts from it on.
    const int count = int(subscripts.size());
    const int byType = count - rankOf(type) + 1;
    found.dimension = !type.empty() && rankOf(type) > 0 && byType >= 1 ? byType : int(own - subscripts.begin()) + 1;
    const auto& checked = subscripts[size_t(found.dimension - 1)];
    found.index = text.substr(checked.first + 1, checked.second - checked.first - 2);
    found.array = text.substr(begin, subscripts.front().first - begin);
    while (!found.array.empty() && found.array.back() == ' ') found.array.pop_back();
    const std::string base = found.array.substr(0, found.array.find_first_of(".-[ "));
    found.shared = !base.empty() && (source.find("(&" + base + ")") != std::string::npos ||
                                     source.find("cuemu_shared_" + base + "()") != std::string::npos ||
                                     source.find("* " + base + " = ::cuemu::dynamicSharedAs") != std::string::npos);
    return found;
}

void nameIndexedArray(const std::string& compiled, FaultRecord& fault) {
    const IndexedArray found =
        indexedArrayAt(compiled, fault.at.line, std::atoi(fieldText(fault.fields, "column").c_str()), fieldText(fault.fields, "type"), 1);
    fault.fields["expression"] = found.expression;
    fault.fields["array"] = found.array;
    fault.fields["subscript"] = found.index;
    fault.fields["dimension"] = std::to_string(found.dimension);
    fault.fields["shared"] = found.shared ? "1" : "0";
}

}  // namespace grader
