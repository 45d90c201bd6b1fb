// `grader export-gradescope ZIP` (the autograder zip) and `grader
// gradescope-results FOLDER --out results.json` (what run_autograder runs on
// Gradescope; see export/gradescope.h).
// Non-goal: the autograder's contents or the results' shape.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/verb.h"
#include "cli/verbs/export_student.h"
#include "cli/verbs/table.h"
#include "export/gradescope.h"

namespace grader {

namespace {

/// Writes the autograder zip and says what it holds.
ExitCode runGradescopeExport(const VerbInput& input, std::string& out) {
    auto written = writeAutograderZip(*input.course, out);
    if (!written) return printCliError(written.error());
    if (!written->kit.solutionText.empty()) return reportSolutionText(written->kit, written->kit.folder.string(), std::cerr);
    std::cout << "Gradescope autograder: " << written->zip.string() << " (" << written->files << " files)\n"
              << "  setup.sh: installs the packages and builds the grader (Gradescope's Ubuntu 24.04 image)\n"
              << "  run_autograder: grades /autograder/submission on the cpu backend into /autograder/results/results.json\n"
              << "  kit/: the student kit (no solutions/, the harness compiled, checked for solution text)\n"
              << "next: upload it as the autograder of a Gradescope programming assignment (docs/integrations.md, \"Gradescope\")\n";
    return ExitCode::Done;
}

/// Adds export-gradescope's options to `command`.
void addGradescopeExportOptions(CLI::App& command, std::string& out) {
    command.add_option("out", out, "the zip to write, e.g. build/gradescope-autograder.zip")->required();
}

}  // namespace

/// The `export-gradescope` verb.
VerbEntry exportGradescopeVerb() {
    return makeVerb("export-gradescope", "write the Gradescope autograder zip: setup.sh, run_autograder and the student kit", Needs::Course,
                    addGradescopeExportOptions, runGradescopeExport);
}

namespace {

/// Grades the submission, writes results.json whatever happens, and says how it went.
/// Exit 0 graded (whatever the score); 1 the grader failed (results.json then holds the error,
/// score 0); 2 results.json cannot be written.
ExitCode runGradescopeResults(const VerbInput& input, GradescopeResultsCommand& command) {
    command.coursePath = input.coursePath.string();
    const GradescopeGraded graded = gradeForGradescope(command);
    for (const auto& note : graded.notes) std::cout << "note: " << note << "\n";
    if (!graded.failure.empty()) std::cerr << "grader: the submission could not be graded: " << graded.failure << "\n";
    if (auto e = writeGradescopeResults(command.out, graded.results)) return printCliError(*e);
    if (!graded.failure.empty()) return ExitCode::Failed;
    std::cout << graded.summary << "\nresults: " << command.out << "\n";
    return graded.graderError ? ExitCode::Failed : ExitCode::Done;
}

/// Adds gradescope-results' options to `command`.
void addGradescopeResultsOptions(CLI::App& command, GradescopeResultsCommand& results) {
    command.add_option("submission", results.submission, "the student's folder, /autograder/submission on Gradescope")->required();
    command.add_option("--out", results.out, "results.json to write (written even when grading fails)")->required();
}

}  // namespace

/// The `gradescope-results` verb. It loads the course itself: results.json is written even when course.yaml is broken.
VerbEntry gradescopeResultsVerb() {
    return makeVerb("gradescope-results", "grade one submission folder on the cpu backend into Gradescope's results.json (run_autograder runs it)",
                    Needs::CoursePath, addGradescopeResultsOptions, runGradescopeResults);
}

}  // namespace grader
