// The zip format's local headers, central directory and end record (APPNOTE 6.3), stored entries only.
#include "core/stored_zip.h"

#include <sys/stat.h>

#include <cstdint>

namespace grader {

namespace {

/// The CRC-32 (IEEE) a zip entry records.
uint32_t crc32Of(const std::string& data) {
    static const std::vector<uint32_t> table = [] {
        std::vector<uint32_t> t(256);
        for (uint32_t i = 0; i < 256; ++i) {
            uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char byte : data) c = table[(c ^ byte) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

void put16(std::string& out, uint32_t v) { out += char(v & 0xFF), out += char((v >> 8) & 0xFF); }
void put32(std::string& out, uint32_t v) { put16(out, v & 0xFFFF), put16(out, v >> 16); }

}  // namespace

Expected<std::string> storedZip(const std::vector<ZipEntry>& entries) {
    constexpr uint32_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01, 00:00
    constexpr uint32_t kUtf8Names = 0x0800;
    if (entries.size() >= 0xFFFF) return Error{"", "too many files for a zip without zip64", ""};
    std::string zip, directory;
    for (const auto& entry : entries) {
        if (entry.bytes.size() >= 0xFFFFFFFFu || zip.size() >= 0xFFFFFFFFu) return Error{entry.name, "too large for a zip without zip64", ""};
        const uint32_t crc = crc32Of(entry.bytes), size = static_cast<uint32_t>(entry.bytes.size()), offset = static_cast<uint32_t>(zip.size());
        auto common = [&](std::string& out) {  // from "version needed" to "extra field length"
            put16(out, 20), put16(out, kUtf8Names), put16(out, 0), put16(out, 0), put16(out, kDosDate);
            put32(out, crc), put32(out, size), put32(out, size), put16(out, static_cast<uint32_t>(entry.name.size())), put16(out, 0);
        };
        put32(zip, 0x04034b50);
        common(zip);
        zip += entry.name + entry.bytes;
        put32(directory, 0x02014b50);
        put16(directory, (3 << 8) | 20);  // made on Unix: the external attributes hold the mode
        common(directory);
        put16(directory, 0), put16(directory, 0), put16(directory, 0);  // comment, disk, internal attributes
        put32(directory, static_cast<uint32_t>(S_IFREG | (entry.mode & 0777)) << 16);
        put32(directory, offset);
        directory += entry.name;
    }
    const uint32_t directoryOffset = static_cast<uint32_t>(zip.size());
    zip += directory;
    put32(zip, 0x06054b50), put16(zip, 0), put16(zip, 0), put16(zip, static_cast<uint32_t>(entries.size())),
        put16(zip, static_cast<uint32_t>(entries.size()));
    put32(zip, static_cast<uint32_t>(directory.size())), put32(zip, directoryOffset), put16(zip, 0);
    return zip;
}

}  // namespace grader
