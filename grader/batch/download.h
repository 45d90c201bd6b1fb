// An LMS's download handed to `grader batch` as it came: SUBMISSIONS may be
// the zip (or tar) itself, as Canvas, Moodle, Blackboard and Gradescope offer
// it. It is unpacked once, with limits sized for a whole class, into
// RESULTS/download/<name>-<content hash>/ (a second run, a shard or the merge
// finds it there), and the batch reads that folder as SUBMISSIONS. A single
// folder at the top of the archive is the download itself when it holds
// Gradescope's submission_metadata.yml (assignment_<id>_export/) or is named
// as the archive ("class.zip" holding "class/"), never a lone student's.
// Non-goals: unpacking a student's own archive (archive.h, nested_archives.h).
#pragma once

#include <filesystem>
#include <string>

#include "core/error.h"

namespace grader {

/// Where a download archive was unpacked.
struct UnpackedDownload {
    std::filesystem::path folder;  ///< the folder to read as SUBMISSIONS
    long files = 0;                ///< files it holds (0 when it was unpacked by an earlier run)
    bool reused = false;           ///< an earlier run had unpacked it
};

/// True when `submissions` names an archive file rather than a folder.
bool isDownloadArchive(const std::filesystem::path& submissions);

/// Unpacks the download `archive` under `results`/download (once: a second call finds it).
Expected<UnpackedDownload> unpackDownload(const std::filesystem::path& archive, const std::filesystem::path& results);

}  // namespace grader
