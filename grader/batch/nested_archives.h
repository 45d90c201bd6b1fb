// Archives inside a submission: a Moodle or Canvas student's lab.zip, alone in
// the student's folder or inside the archive they handed in. Each is unpacked
// where it lies, into a folder named after it, with the limits a top-level
// archive has (archive.h), so its lesson files are found by name like any
// other and the notes name it. One level: an archive inside an unpacked one is
// named in a note, not opened. A submission folder is never written: it is
// copied into the work folder first (links left out, sizes capped).
// Non-goals: unpacking itself (archive.h); finding the lesson files (discovery.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "batch/archive.h"
#include "core/error.h"

namespace grader {

/// An archive found inside a submission and the folder it was unpacked into, both relative to the root.
struct OpenedArchive {
    std::filesystem::path archive;  ///< "lab.zip"
    std::filesystem::path folder;   ///< "lab.zip.d"
};

/// What openNestedArchives did.
struct NestedArchives {
    std::vector<OpenedArchive> opened;
    std::vector<std::string> notes;  ///< "lab.zip: unpacked, 3 files", "lab.zip refused, not unpacked: ...", "inner.zip: an archive inside lab.zip, not opened"
    bool unpackerFailed = false;     ///< an unpacking child crashed, hung or could not start (the grader's trouble)
};

/// The archives under `root` (.zip, .tar.gz, .7z, ...: archive.h's names), links not followed and
/// __MACOSX skipped, at most 16, sorted.
std::vector<std::filesystem::path> archivesInside(const std::filesystem::path& root);

/// Unpacks each archive under `root` into "<archive>.d" beside it (written into `root`, which must be the
/// grader's own copy), each in a child process running `unpacker` (unpack_child.h; "": this grader).
NestedArchives openNestedArchives(const std::filesystem::path& root, const ArchiveLimits& limits,
                                  const std::filesystem::path& unpacker = {});

/// Copies the submission folder `from` into `to` (a new folder): folders and regular files only, links left
/// out, at most 20000 entries and `limits.maxTotalBytes` bytes; an error when the copy cannot be made.
std::optional<Error> copySubmissionFolder(const std::filesystem::path& from, const std::filesystem::path& to, const ArchiveLimits& limits);

/// The name as handed in of a file at `inside` (relative to the root): an unpacked folder's part is named
/// as its archive ("lab.zip.d/matmul_naive.cu" -> "lab.zip/matmul_naive.cu").
std::filesystem::path handedInPath(const std::filesystem::path& inside, const std::vector<OpenedArchive>& opened);

}  // namespace grader
