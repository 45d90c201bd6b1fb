// Finding solution text where it must not be: the lines of each file of
// solutions/ that a student could not have written from the starter and
// the lesson text (the "distinctive" lines), searched for byte for byte in
// every file of a folder, binaries included. `grader export-student` runs
// it on its own output; the kit's export test does the same with grep.
// A distinctive line: a line of a solution file, with its comment and
// surrounding blanks removed, at least kMinDistinctiveLength characters
// long, that appears nowhere in the starter files and the lesson texts
// (README.md and README.ru.md), not even inside a longer line. The
// trainer's progress files (trainer_progress.yaml) are not solution text:
// the kit's own `grader trainer` gives the right answer to every exercise
// answered wrong, and their other lines are the file's format, which the
// grader's sources in the kit write and describe.
// Non-goal: finding solutions rewritten in other words.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/course.h"

namespace grader {

/// Lines shorter than this ("{", "return;") are not distinctive.
constexpr size_t kMinDistinctiveLength = 12;

/// One distinctive line and the solution file it comes from.
struct SolutionLine {
    std::string text;
    std::string file;  ///< e.g. solutions/03-phase-loop/matmul_tiled.cu
};

/// The distinctive lines of every file under <kit>/solutions/ (none when the kit has no solutions).
std::vector<SolutionLine> distinctiveSolutionLines(const Course& course);

/// "FILE contains 'LINE' (from SOLUTION)" for each distinctive line found in a file under `folder`.
std::vector<std::string> findSolutionText(const std::filesystem::path& folder, const std::vector<SolutionLine>& lines);

}  // namespace grader
