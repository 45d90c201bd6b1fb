// `grader check LESSON FILE`: grades one student file for a lesson and
// prints the report (text, JSON, gcc lines or SARIF). Exit 0: every check
// that ran passed; 1: a check failed; 2: a check could not run, or usage.
// Non-goal: the checks themselves (checks/), the report's text (report/).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "backend/backend.h"
#include "backend/backend_choice.h"
#include "checks/check.h"
#include "cli/verb.h"
#include "cli/verbs/table.h"
#include "core/escape.h"
#include "core/spelling.h"
#include "core/toolchain.h"
#include "report/reporter.h"

namespace grader {

namespace {

/// What `grader check` was asked.
struct CheckCommand {
    std::string lesson, file, backend = "auto";
    std::string format = "text";  ///< text, json, gcc or sarif (--json is json)
    bool gpuAlone = false;
    bool showOutput = false;
    bool compilerOutput = false;
    std::optional<uint64_t> seed;
    std::optional<int> n;
    std::vector<std::string> only;
    int skipExitCode = 0;
};

/// The lesson's file as given, or why it cannot be checked.
std::optional<Error> checkableFile(const Lesson& lesson, const CheckCommand& cmd) {
    for (const auto& name : cmd.only) {
        if (lesson.findCheck(name)) continue;
        std::vector<std::string> names;
        for (const auto& c : lesson.checks) names.push_back(c.name);
        return Error{"", "lesson '" + cmd.lesson + "' has no check '" + name + "'", didYouMean(name, names)};
    }
    if (!std::filesystem::exists(cmd.file)) return Error{cmd.file, "no such file", "the lesson's file is " + lesson.starterFile()};
    if (std::filesystem::is_directory(cmd.file))
        return Error{cmd.file, "is a folder, not a .cu file",
                     "give the lesson's file: " + shellQuote((std::filesystem::path(cmd.file) / lesson.studentFile).string())};
    return std::nullopt;
}

/// The options of gradeLesson for `cmd`.
CheckOptions checkOptions(const CheckCommand& cmd) {
    CheckOptions options;
    // Without --seed, the same lesson and file name give the same inputs (and
    // the same figures in every message) on every run; an edit keeps them too.
    options.seed = cmd.seed ? *cmd.seed : stableSeed(cmd.lesson + "/" + std::filesystem::path(cmd.file).filename().string());
    options.n = cmd.n;
    options.only = cmd.only;
    options.gpuAlone = cmd.gpuAlone;
    options.showOutput = cmd.showOutput;
    options.compilerOutput = cmd.compilerOutput;
    return options;
}

/// Prints `report` in the format asked for.
void printReport(const LessonReport& report, const CheckCommand& cmd) {
    if (cmd.format == "json") JsonReporter().write(report, std::cout);
    else if (cmd.format == "gcc") GccReporter().write(report, std::cout);
    else if (cmd.format == "sarif") SarifReporter(sarifArtifactOf(cmd.file)).write(report, std::cout);
    else ConsoleReporter(colourWanted()).write(report, std::cout);
}

/// The exit status of a report: an error over a failure over a pass; every check skipped is --skip-exit-code's.
int reportStatus(const LessonReport& report, int skipExitCode) {
    bool failed = false, error = false, allSkipped = !report.checks.empty();
    for (const auto& c : report.checks) {
        failed |= c.status == Status::Fail;
        error |= c.status == Status::Error;
        allSkipped &= c.status == Status::Skip || c.status == Status::Todo;  // CTest shows a reminder as skipped
    }
    if (error) return static_cast<int>(ExitCode::CannotRun);
    if (failed) return static_cast<int>(ExitCode::Failed);
    if (allSkipped && skipExitCode) return skipExitCode;
    return static_cast<int>(ExitCode::Done);
}

/// Grades the file and prints the report.
ExitCode runCheck(const VerbInput& input, CheckCommand& cmd) {
    const Course& course = *input.course;
    auto lesson = course.lessonOrError(cmd.lesson);
    if (!lesson) return printCliError(lesson.error());
    if (auto problem = checkableFile(**lesson, cmd)) return printCliError(*problem);
    auto choice = chooseBackend(cmd.backend);
    if (!choice) return printCliError(choice.error());
    auto cpu = makeCpuBackend();
    auto gpu = choice->name == "gpu" ? makeGpuBackend() : nullptr;
    if (!gpu && !cpu->unavailableReason().empty())
        return printCliError({"", "the cpu backend cannot run: " + cpu->unavailableReason(), ""});
    Backend& backend = gpu ? *gpu : *cpu;
    LessonReport report = gradeLesson(course, **lesson, cmd.file, cmd.file, backend, cpu.get(), checkOptions(cmd));
    if (report.note.empty()) report.note = choice->note;
    printReport(report, cmd);
    return static_cast<ExitCode>(reportStatus(report, cmd.skipExitCode));  // CTest's skip code passes through
}

/// Adds check's options to `command`.
void addCheckOptions(CLI::App& command, CheckCommand& options) {
    CheckCommand* check = &options;
    command.add_option("lesson", check->lesson, "lesson1 .. lesson4")->required();
    command.add_option("file", check->file, "the student's .cu file")->required();
    auto* formatOpt = command.add_option("--format", check->format,
                                         "text (default), json (as --json), gcc (FILE:LINE:COL: error: ... lines for an editor) "
                                         "or sarif (SARIF 2.1.0 for code scanning)")
                          ->check(CLI::IsMember({"text", "json", "gcc", "sarif"}));
    command.add_flag_callback("--json", [check] { check->format = "json"; }, "print one JSON object instead of text")->excludes(formatOpt);
    command.add_option("--backend", check->backend, "cpu, gpu or auto (gpu when a CUDA device is present)")
        ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
    command.add_option("--seed", check->seed, "the inputs' seed (default: fixed for the lesson and file name; printed with every failure)");
    command.add_option("--n", check->n, "check at this matrix size only")->check(CLI::Range(1, 16384));
    command.add_option("--check", check->only, "run only this check (repeatable)");
    command.add_flag("--gpu-alone", check->gpuAlone,
                     "on the gpu backend, leave out the emulator's rules that every backend applies (to see what the GPU alone shows; "
                     "never for grading)");
    command.add_flag("--show-output", check->showOutput, "print the first lines your program printed (printf debugging)");
    command.add_flag("--compiler-output", check->compilerOutput, "when the file does not compile, print the compiler's full log");
    command.add_option("--skip-exit-code", check->skipExitCode, "exit with this code when every check run was skipped (CTest)");
}

}  // namespace

/// The `check` verb.
VerbEntry checkVerb() { return makeVerb("check", "check one student file for a lesson", Needs::Course, addCheckOptions, runCheck); }

}  // namespace grader
