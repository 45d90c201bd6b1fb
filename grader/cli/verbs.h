// The grader's verbs, in two sets: the student's (check, list, ctest-tests,
// quiz, tilemap, trainer), built into every grader, and the instructor's
// (batch, export-student, export-gradescope, gradescope-results), built only
// where GRADER_INSTRUCTOR_VERBS is on (grader/CMakeLists.txt; the verbs
// compile into the grader binary as one unit). Each set adds its
// subcommands to the app and says what runs when one was given; cli.cpp
// parses and dispatches. Also the helpers every verb shares.
// Non-goal: any grading logic; the verbs call the core library.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"

namespace CLI {
class App;
}

namespace grader {

/// Exit status: a check failed, or the work is not yet right.
constexpr int kExitFailed = 1;
/// Exit status: the grader could not run (usage, a missing or broken file).
constexpr int kExitUsage = 2;

/// A subcommand and what runs when the command line named it.
struct Verb {
    CLI::App* command = nullptr;
    std::function<int()> run;
};

/// Prints `error` once on stderr, with its hint; returns kExitUsage.
int printCliError(const Error& error);
/// The course.yaml to use: `option` (a --course), else one from the current folder upward, else the kit's.
std::filesystem::path findCoursePath(const std::string& option);
/// Loads the course findCoursePath names.
Expected<Course> findCourse(const std::string& option);

/// Adds the student's verbs; `courseOption` is the app's --course, read once parsing is done.
void addStudentVerbs(CLI::App& app, const std::string& courseOption, std::vector<Verb>& verbs);
/// Adds the instructor's verbs; in the student edition, names them and says they are left out.
void addInstructorVerbs(CLI::App& app, const std::string& courseOption, std::vector<Verb>& verbs);
/// Runs a child the grader starts itself (batch's unpacking child) when argv names one.
std::optional<int> runInternalChild(int argc, char** argv);

}  // namespace grader
