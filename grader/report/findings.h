// The findings of a lesson report: what the editor-facing formats (gcc, SARIF)
// report, one list built once so that they report the same things. A finding
// is a failing (or skipped) check's message line that names a place in the
// student's file, or the first line of one that names none (placed at line 1),
// with the further places its line names and the message's following lines
// that name no place.
// Non-goal: formatting (the reporters), passing checks (nothing to point at).
#pragma once

#include <string>
#include <vector>

#include "checks/check.h"
#include "report/message_locations.h"

namespace grader {

/// How serious a finding is: a failing or erroring check is an error, a skipped one a warning.
enum class FindingLevel { Error, Warning };

/// "error" or "warning", as gcc and SARIF spell them.
const char* levelWord(FindingLevel level);

/// A further line of a finding: a place its line names after the first (`place`), or a
/// following message line that names none, given at the check's first place (`!place`).
struct FindingNote {
    MessageLocation at;
    std::string text;
    bool place = false;  ///< true: a further place the finding's own line names
};

/// One thing to show at one place in the student's file.
struct Finding {
    std::string check;  ///< the check's name
    FindingLevel level = FindingLevel::Error;
    MessageLocation at;  ///< 1:1 when the check's message names no place
    bool placed = false;  ///< the message named `at` (false: the 1:1 fallback)
    std::string text;  ///< the message line, less a compiler's leading "FILE:LINE:COL: "
    std::vector<FindingNote> notes;  ///< in message order
};

/// The findings of `report`'s failing, erroring and skipped checks, in check and message order;
/// places are those named with the base name of `report.file`.
std::vector<Finding> findingsOf(const LessonReport& report);

}  // namespace grader
