// Unpacking a student's archive (.zip, .tar with or without gzip / bzip2 /
// xz / zstd, .7z, .rar) with libarchive, safely: an
// entry with an absolute path or a `..` component, a link pointing outside
// the archive, more entries than the limit, or more bytes (declared or
// actually inflated) than the limits refuses the whole archive with a
// message that says which rule it broke. Links are never created (the
// grader finds files by name and never follows links); devices, fifos and
// sockets are skipped.
// Non-goals: encrypted entries, keeping file modes.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// Limits that tell a submission from a zip bomb.
struct ArchiveLimits {
    long long maxArchiveBytes = 64LL << 20;  ///< the archive file itself
    long maxEntries = 2000;                  ///< headers of any kind
    long long maxEntryBytes = 16LL << 20;    ///< one file, uncompressed
    long long maxTotalBytes = 64LL << 20;    ///< all files, uncompressed
    int maxDepth = 32;                       ///< folders in an entry's path
    double maxSeconds = 60;                  ///< unpacking in a child process (unpack_child.h)
};

/// What an extraction produced.
struct ExtractSummary {
    long files = 0;
    long long bytes = 0;
    std::vector<std::string> skipped;  ///< "link 'a/b' not extracted", ...
    std::vector<std::string> notes;    ///< what else the archive showed: names that are not UTF-8
};

/// True for the names batch grading unpacks: .zip, .tar, .tar.gz, .tgz, .tar.bz2, .tar.xz, .tar.zst, .7z, .rar (any case).
bool isArchiveName(const std::string& fileName);
/// The name without its archive extension ("ada.tar.gz" -> "ada").
std::string stripArchiveExtension(const std::string& fileName);

/// Why an entry's path is unsafe ("an absolute path", "a '..' component"), or nullopt when it is safe.
std::optional<std::string> unsafeEntryPath(const std::string& path, int maxDepth);
/// Why a link at `entryPath` pointing to `target` leaves the archive, or nullopt when it stays inside.
std::optional<std::string> linkLeavesArchive(const std::string& entryPath, const std::string& target);

/// Unpacks `archive` into the existing empty folder `into`; an Error's message says why it was refused.
Expected<ExtractSummary> extractArchive(const std::filesystem::path& archive, const std::filesystem::path& into,
                                        const ArchiveLimits& limits);

}  // namespace grader
