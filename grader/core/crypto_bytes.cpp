// The byte helpers of crypto.h that need no Nettle: XOR and hex (see
// crypto.h). Compiled into the browser's judge too, whose hashing and
// encryption are web/judge/browser_crypto.cpp's.
// Non-goal: base64 (Nettle's, in crypto.cpp).
#include "core/crypto.h"

namespace grader {

Bytes xorBytes(std::string_view bytes, std::string_view pad) {
    Bytes out(bytes);
    for (size_t i = 0; i < out.size() && i < pad.size(); ++i) out[i] = static_cast<char>(out[i] ^ pad[i]);
    return out;
}

std::string toHex(std::string_view bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (unsigned char c : bytes) {
        hex += digits[c >> 4];
        hex += digits[c & 15];
    }
    return hex;
}

std::optional<Bytes> fromHex(std::string_view hex) {
    if (hex.size() % 2) return std::nullopt;
    const auto value = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    Bytes bytes;
    for (size_t i = 0; i < hex.size(); i += 2) {
        const int high = value(hex[i]), low = value(hex[i + 1]);
        if (high < 0 || low < 0) return std::nullopt;
        bytes += static_cast<char>(high * 16 + low);
    }
    return bytes;
}

}  // namespace grader
