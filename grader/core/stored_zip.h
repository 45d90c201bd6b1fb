// Zip archives written by the grader itself: every entry stored (not
// compressed), names flagged UTF-8, dated 1980-01-01, so the same entries give
// the same bytes. Used for the Gradescope autograder and Moodle's feedback
// files. libarchive's writer is not used: linked statically it drags in every
// format's writer (xar's needs libxml2).
// Non-goal: compression, zip64 (over 4 GiB or 65535 entries is an Error).
#pragma once

#include <string>
#include <vector>

#include "core/error.h"

namespace grader {

/// One file of a zip: its path inside the archive ("/"-separated), its bytes and its Unix mode.
struct ZipEntry {
    std::string name;
    std::string bytes;
    unsigned mode = 0644;
};

/// The bytes of a zip archive holding `entries` in their order.
Expected<std::string> storedZip(const std::vector<ZipEntry>& entries);

}  // namespace grader
