// The instructor's verbs in the student kit's build (GRADER_INSTRUCTOR_VERBS
// off): not built in. Their names stay known, so `grader batch` says where
// the verb lives instead of "not expected" (see verb.h).
// Non-goal: any of the verbs themselves (cli/verbs/).
#include <CLI/CLI.hpp>

#include "cli/verb.h"

namespace grader {

std::optional<int> runInternalChild(int, char**) { return std::nullopt; }

std::vector<VerbEntry> instructorVerbs() {
    std::vector<VerbEntry> verbs;
    for (const char* name : {"batch", "export-student", "export-gradescope", "gradescope-results"}) {
        verbs.push_back({name, "", Needs::Nothing, [name](CLI::App& command) -> VerbRun {
                             command.group("")->allow_extras()->prefix_command();
                             return [name](const VerbInput&) {
                                 return printCliError({"", std::string("`grader ") + name + "` is the instructor's, and this grader was built without it",
                                                       "build the instructor's verbs with: cmake -B build -DGRADER_INSTRUCTOR_VERBS=ON && cmake --build build"});
                             };
                         }});
    }
    return verbs;
}

}  // namespace grader
