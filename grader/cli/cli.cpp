// The command line: the app's own options, the student's and the
// instructor's verbs (verbs.h), parsing with CLI11 and dispatch.
// Non-goal: any verb's options or logic (student_verbs.cpp, instructor_verbs.cpp).
#include "cli/cli.h"

#include <CLI/CLI.hpp>

#include "cli/verbs.h"
#include "core/toolchain.h"

namespace grader {

int runCli(int argc, char** argv) {
    if (auto child = runInternalChild(argc, argv)) return *child;
    CLI::App app{"grader: checks CUDA matrix-multiply lessons on a GPU or on the cpu emulator", "grader"};
    app.set_version_flag("--version", "grader " + graderVersion());
    app.require_subcommand(1);
    std::string courseOption;
    app.add_option("--course", courseOption, "course.yaml to use (default: found from the current folder upward)");
    std::vector<Verb> verbs;
    addStudentVerbs(app, courseOption, verbs);
    addInstructorVerbs(app, courseOption, verbs);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitUsage;
    }
    for (const Verb& verb : verbs)
        if (*verb.command) return verb.run();
    return kExitUsage;
}

}  // namespace grader
