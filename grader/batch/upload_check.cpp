// Upload checks: a look at a file's first bytes (magic numbers, byte order
// marks, NUL bytes, UTF-8 validity) and its size; nothing is parsed.
#include "batch/upload_check.h"

#include <fstream>
#include <vector>

namespace grader {

namespace fs = std::filesystem;

namespace {

/// The bytes looked at: enough for every signature, a byte order mark and a fair sample of text.
constexpr size_t kSniffBytes = 64 * 1024;

std::string firstBytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string bytes(kSniffBytes, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<size_t>(in.gcount()));
    return bytes;
}

std::string human(uintmax_t bytes) {
    if (bytes >= (1ull << 30)) return std::to_string(bytes >> 30) + " GB";
    if (bytes >= (1ull << 20)) return std::to_string(bytes >> 20) + " MB";
    if (bytes >= (1ull << 10)) return std::to_string(bytes >> 10) + " KB";
    return std::to_string(bytes) + " bytes";
}

bool startsWith(const std::string& bytes, const std::string& magic) { return bytes.compare(0, magic.size(), magic) == 0; }

/// Signatures of what students hand in by mistake, in the words of a person.
struct Signature {
    std::string magic;
    const char* kind;
};

const std::vector<Signature>& signatures() {
    static const std::vector<Signature> list = {
        {"%PDF-", "a PDF document"},
        {std::string("PK\x03\x04", 4), "a zip archive (or a Word or OpenDocument file)"},
        {std::string("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8), "an old Microsoft Office document"},
        {"{\\rtf", "an RTF document"},
        {"\x7F" "ELF", "a compiled program"},
        {std::string("\x1F\x8B", 2), "a gzip archive"},
        {"Rar!\x1A\x07", "a RAR archive"},
        {"7z\xBC\xAF\x27\x1C", "a 7z archive"},
        {"\x89PNG", "a PNG image"},
        {"\xFF\xD8\xFF", "a JPEG image"},
    };
    return list;
}

/// UTF-16 without a byte order mark: most of the first bytes' odd (or even) positions are NUL.
bool looksUtf16(const std::string& bytes) {
    if (bytes.size() < 8) return false;
    size_t even = 0, odd = 0;
    const size_t n = std::min<size_t>(bytes.size(), 4096);
    for (size_t i = 0; i < n; ++i) (i % 2 ? odd : even) += bytes[i] == '\0';
    return even * 2 > n / 2 || odd * 2 > n / 2;
}

}  // namespace

bool validUtf8Prefix(const std::string& bytes) {
    const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
    const size_t n = bytes.size();
    for (size_t i = 0; i < n;) {
        const unsigned char c = s[i];
        size_t length = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        if (length == 0 || (length == 2 && c < 0xC2) || (length == 4 && c > 0xF4)) return false;
        for (size_t k = 1; k < length; ++k) {
            if (i + k >= n) return true;  // cut off by the sample's end
            if ((s[i + k] & 0xC0) != 0x80) return false;
        }
        if (length == 3 && ((c == 0xE0 && s[i + 1] < 0xA0) || (c == 0xED && s[i + 1] >= 0xA0))) return false;  // overlong, surrogate
        if (length == 4 && ((c == 0xF0 && s[i + 1] < 0x90) || (c == 0xF4 && s[i + 1] >= 0x90))) return false;
        i += length;
    }
    return true;
}

std::string nonTextKind(const std::string& bytes, uintmax_t size) {
    if (size == 0) return "empty (0 bytes)";
    for (const auto& signature : signatures())
        if (startsWith(bytes, signature.magic)) return signature.kind;
    if (startsWith(bytes, std::string("\xFF\xFE\0\0", 4)) || startsWith(bytes, std::string("\0\0\xFE\xFF", 4))) return "UTF-32 text";
    if (startsWith(bytes, "\xFF\xFE") || startsWith(bytes, "\xFE\xFF") || looksUtf16(bytes)) return "UTF-16 text";
    if (bytes.find('\0') != std::string::npos) return "binary data, not text";
    return "";
}

std::optional<std::string> tooLarge(const fs::path& file, const std::string& name, uintmax_t maxBytes) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(file, ec);
    if (ec || size <= maxBytes) return std::nullopt;
    return name + " is " + human(size) + ", over the " + human(maxBytes) + " limit per file: hand in the lesson's source file";
}

std::optional<std::string> notSourceText(const fs::path& file, const std::string& name, uintmax_t maxBytes) {
    std::error_code ec;
    const uintmax_t size = fs::file_size(file, ec);
    if (ec) return name + " cannot be read: " + ec.message();
    if (auto big = tooLarge(file, name, maxBytes)) return big;
    const std::string kind = nonTextKind(size ? firstBytes(file) : std::string(), size);
    if (kind.empty()) return std::nullopt;
    if (kind == "empty (0 bytes)") return name + " is empty (0 bytes): hand in the file with your code";
    if (kind == "UTF-16 text" || kind == "UTF-32 text")
        return name + " is saved as " + kind + ", which the compiler cannot read: save it as UTF-8 (in Notepad: Save as, Encoding UTF-8)";
    return name + " is " + kind + ", not CUDA source: hand in the .cu file itself";
}

std::optional<std::string> encodingNote(const fs::path& file, const std::string& name) {
    if (validUtf8Prefix(firstBytes(file))) return std::nullopt;
    return name + " is not UTF-8 text (Windows-1251, Latin-1 or another code page?): built as it is; save it as UTF-8 so its comments "
                  "and strings read right everywhere";
}

BuildResult UnbuildableBackend::build(const Lesson&, const fs::path&, const std::string& displayName) {
    BuildResult result;
    result.summary = why_;
    result.log = why_;
    result.sourceName = fs::path(displayName).filename().string();
    return result;
}

RunRecord UnbuildableBackend::run(const BuildResult&, const RunRequest&) {
    RunRecord record;
    record.notStarted = why_;
    return record;
}

}  // namespace grader
