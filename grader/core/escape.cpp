// UTF-8 repair and the escapes of HTML, XML and CSV.
#include "core/escape.h"

#include <algorithm>
#include <cctype>

namespace grader {

std::string cleanUtf8(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    for (size_t i = 0; i < n;) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += static_cast<char>(c);
            ++i;
            continue;
        }
        size_t length = 0;
        unsigned int min = 0;
        if ((c & 0xE0) == 0xC0) length = 2, min = 0x80;
        else if ((c & 0xF0) == 0xE0) length = 3, min = 0x800;
        else if ((c & 0xF8) == 0xF0) length = 4, min = 0x10000;
        bool valid = length > 0 && i + length <= n;
        unsigned int code = length ? c & (0xFF >> (length + 1)) : 0;
        for (size_t k = 1; valid && k < length; ++k) {
            valid = (s[i + k] & 0xC0) == 0x80;
            code = (code << 6) | (s[i + k] & 0x3F);
        }
        valid = valid && code >= min && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF);
        if (valid) {
            out.append(text, i, length);
            i += length;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

namespace {

/// The markup escapes HTML and XML share; XML attributes also need their
/// whitespace as character references, or a parser folds it into spaces.
std::string escapeMarkup(const std::string& text, bool xml) {
    std::string out;
    for (char c : cleanUtf8(text)) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += xml ? "&apos;" : "&#39;"; break;
            case '\n': out += xml ? "&#10;" : "\n"; break;
            case '\r': out += xml ? "&#13;" : "\r"; break;
            case '\t': out += xml ? "&#9;" : "\t"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

std::string htmlEscape(const std::string& text) { return escapeMarkup(text, false); }

std::string xmlEscape(const std::string& text) { return escapeMarkup(text, true); }

std::string csvPlainField(const std::string& text) {
    const std::string value = cleanUtf8(text);
    if (value.find_first_of(",\"\r\n") == std::string::npos && (value.empty() || (value.front() != ' ' && value.back() != ' '))) return value;
    std::string quoted = "\"";
    for (char c : value) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string csvField(const std::string& text) {
    std::string value = cleanUtf8(text);
    if (!value.empty() && (value[0] == '=' || value[0] == '+' || value[0] == '-' || value[0] == '@')) value = "'" + value;
    return csvPlainField(value);
}

std::string asciiLower(std::string text) {
    for (char& c : text)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return text;
}

std::string trimBlanks(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string shellQuote(const std::string& word) {
    static const std::string safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,+-@%";
    if (!word.empty() && word.find_first_not_of(safe) == std::string::npos) return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string yamlScalar(const std::string& text) {
    const bool plain = !text.empty() && text[0] != '-' && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '+' || c == '-';
    });
    return plain ? text : yamlQuoted(text);
}

std::string yamlQuoted(const std::string& text) {
    std::string out = "\"";
    static const char* const hex = "0123456789abcdef";
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') out += std::string("\\") + c;
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (byte < 0x20 || byte == 0x7F) out += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
        else out += c;
    }
    return out + "\"";
}

}  // namespace grader
