// The student's file as the compilers and the grader's source checks read
// it. Editors save files with a UTF-8 byte-order mark (Notepad, Visual
// Studio) and CRLF line endings; after the `#line` directive the backends
// put first, a mark is no longer at the start of the file and neither g++
// nor nvcc accepts it there. Both are normalized away, line for line, so
// every line number a message gives is still the line in the student's file.
// Non-goal: other encodings (a UTF-16 file is not C++ to either compiler).
#pragma once

#include <filesystem>
#include <string>

namespace grader {

/// `text` without a leading UTF-8 byte-order mark and with each CRLF as LF; lines keep their numbers.
std::string normalizeStudentSource(std::string text);

/// Reads the student's file at `path`, normalized; false when it cannot be read.
bool readStudentSource(const std::filesystem::path& path, std::string& out);

}  // namespace grader
