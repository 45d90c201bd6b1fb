// The instructor's verbs in the student kit's build (GRADER_INSTRUCTOR_VERBS
// off): not built in. Their names stay known, so `grader batch` says where
// the verb lives instead of "not expected" (see verbs.h).
// Non-goal: any of the verbs themselves (instructor_verbs.cpp).
#include <CLI/CLI.hpp>

#include "cli/verbs.h"

namespace grader {

std::optional<int> runInternalChild(int, char**) { return std::nullopt; }

void addInstructorVerbs(CLI::App& app, const std::string&, std::vector<Verb>& verbs) {
    for (const char* name : {"batch", "export-student", "export-gradescope", "gradescope-results"}) {
        auto* command = app.add_subcommand(name, "")->group("")->allow_extras()->prefix_command();
        verbs.push_back({command, [name] {
                             return printCliError({"", std::string("`grader ") + name + "` is the instructor's, and this grader was built without it",
                                                   "build the instructor's verbs with: cmake -B build -DGRADER_INSTRUCTOR_VERBS=ON && cmake --build build"});
                         }});
    }
}

}  // namespace grader
