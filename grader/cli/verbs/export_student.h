// What export-student says when the kit holds solution text, for the verbs
// that write a kit (export-student, export-gradescope).
// Non-goal: the search itself (export/solution_scan.h).
#pragma once

#include <ostream>
#include <string>

#include "cli/verb.h"
#include "export/student_kit.h"

namespace grader {

/// Prints where solution text was found and that the kit `out` was removed; returns ExitCode::Failed.
ExitCode reportSolutionText(const StudentKitWritten& written, const std::string& out, std::ostream& err);

}  // namespace grader
