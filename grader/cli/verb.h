// The grader's verbs as one table: each verb (a file in cli/verbs/) gives
// its name, summary, what it needs loaded before it runs (nothing, the
// course.yaml's path, or the course), the options it adds, and what runs.
// cli.cpp builds the command line from the table, loads what a verb needs
// once, and turns the verb's ExitCode into the process's status. Also the
// helpers every verb shares: printing an error once, finding course.yaml.
// Non-goal: any grading logic; verbs call the libraries below cli/.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"

namespace CLI {
class App;
}

namespace grader {

/// The grader's exit status, the same for every verb (CONTRACT.md, "Exit status").
enum class ExitCode : int {
    Done = 0,           ///< every check that ran passed, or the work was done
    Failed = 1,         ///< a check failed, or the work is not yet right (or done but incomplete)
    CannotRun = 2,      ///< the grader could not run: usage, a missing or broken file
    Interrupted = 130,  ///< Ctrl-C or SIGTERM (128 + SIGINT, as a shell reports it)
};

/// What a verb needs loaded before it runs.
enum class Needs {
    Nothing,     ///< no course
    CoursePath,  ///< the path of course.yaml (the verb reads it itself)
    Course,      ///< the course, loaded; a broken course.yaml stops the verb with its error
};

/// What cli.cpp hands a verb when it runs.
struct VerbInput {
    std::filesystem::path coursePath;  ///< set unless the verb needs nothing
    const Course* course = nullptr;    ///< set when the verb needs the course
};

/// What runs when the command line named a verb.
using VerbRun = std::function<ExitCode(const VerbInput&)>;

/// One row of the verb table.
struct VerbEntry {
    const char* name;
    const char* summary;
    Needs needs;
    /// Adds the verb's options to its subcommand; returns what runs once parsing is done.
    std::function<VerbRun(CLI::App& command)> addOptions;
};

/// A verb whose options fill an `Options` (one per command line): `add` declares them, `run` runs with them.
template <class Options>
VerbEntry makeVerb(const char* name, const char* summary, Needs needs, void (*add)(CLI::App&, Options&),
                   ExitCode (*run)(const VerbInput&, Options&)) {
    return {name, summary, needs, [add, run](CLI::App& command) -> VerbRun {
                auto options = std::make_shared<Options>();
                add(command, *options);
                return [options, run](const VerbInput& input) { return run(input, *options); };
            }};
}

/// Prints `error` once on `err`, with its hint; returns `code`.
ExitCode printCliError(std::ostream& err, const Error& error, ExitCode code = ExitCode::CannotRun);
/// printCliError on stderr.
ExitCode printCliError(const Error& error);
/// The course.yaml to use: `option` (a --course), else one from the current folder upward, else the kit's.
std::filesystem::path findCoursePath(const std::string& option);

/// The student's verbs: check, list, ctest-tests, quiz, tilemap, trainer.
std::vector<VerbEntry> studentVerbs();
/// The instructor's verbs: batch, export-student, export-gradescope, gradescope-results; in the
/// student edition, stand-ins that say the verb is left out.
std::vector<VerbEntry> instructorVerbs();
/// Runs a child the grader starts itself (batch's unpacking child) when argv names one.
std::optional<int> runInternalChild(int argc, char** argv);

}  // namespace grader
