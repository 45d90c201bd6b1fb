// The findings of a lesson report as the editor-facing formats (gcc, SARIF)
// show them: one list built once from the checks' findings (checks/finding.h),
// so that both report the same things. Each finding that names a place is an
// error (a warning for a skipped check) at that place; one that names none is
// the check's first at line 1, or a note of the one before it; the check's
// message lines that are no finding's (the rerun command, "and 2 more") are
// notes at the check's first place.
// Non-goal: formatting (the reporters), passing checks (nothing to point at).
#pragma once

#include <string>
#include <vector>

#include "checks/check.h"

namespace grader {

/// How serious a finding is: a failing or erroring check is an error, a skipped one a warning.
enum class FindingLevel { Error, Warning };

/// "error" or "warning", as gcc and SARIF spell them.
const char* levelWord(FindingLevel level);

/// A further line of a shown finding: a further place it names (`place`), or a message
/// line of its check that names none, given at the check's first place (`!place`).
struct ShownNote {
    Place at;
    std::string text;
    bool place = false;  ///< true: a further place the finding names
};

/// One thing to show at one place in the student's file.
struct ShownFinding {
    std::string check;  ///< the check's name
    std::string code;   ///< the finding's diagnosis code
    FindingLevel level = FindingLevel::Error;
    Place at;             ///< 1:1 when the finding names no place
    bool placed = false;  ///< the finding named `at` (false: the 1:1 fallback)
    std::string text;     ///< the finding's line, less a compiler's leading "FILE:LINE:COL: "
    std::vector<ShownNote> notes;  ///< in message order
};

/// The findings of `report`'s failing, erroring and skipped checks, in check and message order.
std::vector<ShownFinding> findingsOf(const LessonReport& report);

}  // namespace grader
