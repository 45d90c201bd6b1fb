// Terminal text layout (see text_wrap.h).
#include "core/text_wrap.h"

#include <sstream>

namespace grader {

size_t textColumns(const std::string& text) {
    size_t count = 0;
    for (unsigned char c : text) count += (c & 0xC0) != 0x80;
    return count;
}

std::string wrapText(const std::string& text, size_t width, size_t indent) {
    std::string out, line;
    size_t lineColumns = 0;
    std::stringstream words(text);
    for (std::string word; words >> word;) {
        const size_t w = textColumns(word);
        if (lineColumns > 0 && lineColumns + 1 + w + indent > width) {
            out += line + "\n" + std::string(indent, ' ');
            line.clear();
            lineColumns = 0;
        }
        if (lineColumns > 0) {
            line += " ";
            ++lineColumns;
        }
        line += word;
        lineColumns += w;
    }
    return out + line;
}

}  // namespace grader
