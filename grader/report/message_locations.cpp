// "NAME:LINE[:COL]" found by hand: NAME must stand alone (not the tail of a
// longer name, though a folder may precede it) and LINE must be a number.
#include "report/message_locations.h"

#include <algorithm>
#include <cctype>

namespace grader {

namespace {

bool isLocationNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'; }

/// The number at `pos` (advanced past it), or 0 when there is none.
int readLineNumber(const std::string& text, size_t& pos) {
    int value = 0;
    size_t start = pos;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) && pos - start < 9) value = value * 10 + (text[pos++] - '0');
    return pos == start ? 0 : value;
}

}  // namespace

std::vector<MessageLocation> findMessageLocations(const std::string& text, const std::string& baseName) {
    std::vector<MessageLocation> found;
    if (baseName.empty()) return found;
    for (size_t at = text.find(baseName); at != std::string::npos; at = text.find(baseName, at + 1)) {
        if (at > 0 && isLocationNameChar(text[at - 1])) continue;
        size_t pos = at + baseName.size();
        if (pos >= text.size() || text[pos] != ':') continue;
        ++pos;
        MessageLocation location;
        location.begin = at;
        location.line = readLineNumber(text, pos);
        if (location.line <= 0) continue;
        if (pos + 1 < text.size() && text[pos] == ':' && std::isdigit(static_cast<unsigned char>(text[pos + 1]))) {
            ++pos;
            location.column = std::max(1, readLineNumber(text, pos));
        }
        location.end = pos;
        if (std::find(found.begin(), found.end(), location) == found.end()) found.push_back(location);
    }
    return found;
}

}  // namespace grader
