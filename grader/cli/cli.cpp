// The command line: the app's own options, the verb table (verb.h),
// parsing with CLI11, loading what the chosen verb needs, and dispatch.
// Non-goal: any verb's options or logic (cli/verbs/).
#include "cli/cli.h"

#include <CLI/CLI.hpp>

#include "checks/check_table.h"
#include "cli/verb.h"
#include "core/toolchain.h"

namespace grader {

namespace {

/// A verb added to the app: its subcommand, its own --course, and what runs.
struct AddedVerb {
    const VerbEntry* entry = nullptr;
    CLI::App* command = nullptr;
    std::string course;  ///< the verb's --course ("": the app's)
    VerbRun run;
};

/// Loads what `verb` needs and runs it.
ExitCode runVerb(AddedVerb& verb, const std::string& appCourse) {
    VerbInput input;
    if (verb.entry->needs == Needs::Nothing) return verb.run(input);
    input.coursePath = findCoursePath(verb.course.empty() ? appCourse : verb.course);
    if (verb.entry->needs == Needs::CoursePath) return verb.run(input);
    auto course = loadCourse(input.coursePath);
    if (!course) return printCliError(course.error());
    input.course = &*course;
    return verb.run(input);
}

}  // namespace

int runCli(int argc, char** argv) {
    if (auto child = runInternalChild(argc, argv)) return *child;
    CLI::App app{"grader: checks CUDA matrix-multiply lessons on a GPU or on the cpu emulator", "grader"};
    app.set_version_flag("--version", "grader " + graderVersion());
    app.require_subcommand(1);
    std::string appCourse;
    app.add_option("--course", appCourse, "course.yaml to use (default: found from the current folder upward)");
    std::vector<VerbEntry> table = studentVerbs();
    for (auto& entry : instructorVerbs()) table.push_back(std::move(entry));
    std::vector<AddedVerb> verbs(table.size());
    for (size_t i = 0; i < table.size(); ++i) {
        AddedVerb& verb = verbs[i];
        verb.entry = &table[i];
        verb.command = app.add_subcommand(table[i].name, table[i].summary);
        verb.run = table[i].addOptions(*verb.command);
        if (table[i].needs != Needs::Nothing) verb.command->add_option("--course", verb.course, "course.yaml to use");
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : static_cast<int>(ExitCode::CannotRun);
    }
    for (AddedVerb& verb : verbs)
        if (*verb.command) return static_cast<int>(runVerb(verb, appCourse));
    return static_cast<int>(ExitCode::CannotRun);
}

}  // namespace grader
