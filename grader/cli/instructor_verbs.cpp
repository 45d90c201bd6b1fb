// The instructor's verbs (see verb.h) and batch's unpacking child. Built
// only where GRADER_INSTRUCTOR_VERBS is on; student_edition.cpp stands in for
// this file in the student kit's build.
// Non-goal: the verbs themselves (cli/verbs/).
#include <string>

#include "batch/unpack_child.h"
#include "cli/verb.h"
#include "cli/verbs/table.h"

namespace grader {

std::optional<int> runInternalChild(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == kUnpackCommand) return runUnpackChild(argc, argv);  // batch's unpacking child, never typed
    return std::nullopt;
}

std::vector<VerbEntry> instructorVerbs() { return {batchVerb(), exportStudentVerb(), exportGradescopeVerb(), gradescopeResultsVerb()}; }

}  // namespace grader
