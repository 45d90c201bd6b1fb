// Fuzz target: unpacking an uploaded archive (grader/batch/archive.h) in
// every format libarchive reads there: zip, tar (plain, gzip, bzip2, xz,
// zstd), 7z, rar and rar5. The seed corpus holds a real archive of each.
// Beyond "no crash": nothing may land outside the target folder and no link
// may be created, whatever the archive says.
// Non-goal: the limits' figures (small ones here, so an input unpacks to at
// most a couple of megabytes and a run stays fast).
#include <cstdint>
#include <filesystem>

#include "batch/archive.h"
#include "fuzz_support.h"

namespace fs = std::filesystem;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const fs::path& scratch = fuzz::scratchFolder("archive");
    const fs::path upload = scratch / "upload", into = scratch / "into";
    std::error_code ec;
    fs::remove_all(into, ec);
    fs::create_directory(into, ec);
    fuzz::writeBytes(upload, fuzz::text(data, size));

    grader::ArchiveLimits limits;
    limits.maxArchiveBytes = 4 << 20;
    limits.maxEntries = 200;
    limits.maxEntryBytes = 1 << 20;
    limits.maxTotalBytes = 2 << 20;
    auto extracted = grader::extractArchive(upload, into, limits);
    if (!extracted) fuzz::require(!extracted.error().message.empty(), "a refusal without a reason");

    for (const auto& entry : fs::directory_iterator(scratch, ec))
        fuzz::require(entry.path() == upload || entry.path() == into, "written outside the target folder: " + entry.path().string());
    for (auto it = fs::recursive_directory_iterator(into, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        fuzz::require(!it->is_symlink(ec), "a link was created: " + it->path().string());
    return 0;
}
