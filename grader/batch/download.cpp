// A class's download unpacked once, atomically (a temporary folder renamed into
// place), under a name that changes with the archive's content.
#include "batch/download.h"

#include <unistd.h>

#include "batch/archive.h"
#include "core/toolchain.h"

namespace grader {

namespace fs = std::filesystem;

namespace {

/// A whole class's download: many students, each with the limits of a student's own archive.
ArchiveLimits classLimits() {
    ArchiveLimits limits;
    limits.maxArchiveBytes = 8LL << 30;
    limits.maxEntries = 200000;
    limits.maxEntryBytes = 512LL << 20;
    limits.maxTotalBytes = 16LL << 30;
    return limits;
}

}  // namespace

bool isDownloadArchive(const fs::path& submissions) {
    std::error_code ec;
    return fs::is_regular_file(submissions, ec) && isArchiveName(submissions.filename().string());
}

Expected<UnpackedDownload> unpackDownload(const fs::path& archive, const fs::path& results) {
    std::string bytes;
    if (!readFile(archive, bytes)) return Error{archive.string(), "cannot read the archive", ""};
    const std::string name = stripArchiveExtension(archive.filename().string()) + "-" + contentHash(bytes).substr(0, 12);
    const fs::path downloads = results / "download", target = downloads / name;
    UnpackedDownload unpacked;
    std::error_code ec;
    if (!fs::is_directory(target, ec)) {
        fs::create_directories(downloads, ec);
        if (ec) return Error{downloads.string(), "cannot create the folder: " + ec.message(), ""};
        std::string pattern = (downloads / (name + ".tmp-XXXXXX")).string();
        if (!mkdtemp(pattern.data())) return Error{downloads.string(), "cannot create a folder to unpack into", ""};
        auto extracted = extractArchive(archive, pattern, classLimits());
        if (!extracted) {
            fs::remove_all(pattern, ec);
            return Error{archive.string(), "cannot unpack the download: " + extracted.error().message,
                         "unpack it yourself and give the folder as SUBMISSIONS"};
        }
        unpacked.files = extracted->files;
        fs::rename(pattern, target, ec);
        if (ec) fs::remove_all(pattern, ec);  // another run (a shard) unpacked it first: use theirs
    } else {
        unpacked.reused = true;
    }
    unpacked.folder = target;
    std::vector<fs::path> top;
    for (const auto& entry : fs::directory_iterator(target, ec))
        if (entry.path().filename().string() != "__MACOSX") top.push_back(entry.path());
    if (top.size() == 1 && fs::is_directory(fs::symlink_status(top.front(), ec)) &&
        (fs::exists(top.front() / "submission_metadata.yml", ec) ||
         top.front().filename().string() == stripArchiveExtension(archive.filename().string())))
        unpacked.folder = top.front();
    return unpacked;
}

}  // namespace grader
