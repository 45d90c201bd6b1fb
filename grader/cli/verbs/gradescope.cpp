// `grader export-gradescope ZIP` (the autograder zip) and `grader
// gradescope-results FOLDER --out results.json` (what run_autograder runs on
// Gradescope; see export/gradescope.h).
// Non-goal: the autograder's contents or the results' shape.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/verb.h"
#include "cli/verbs/table.h"
#include "export/gradescope.h"

namespace grader {

/// The `export-gradescope` verb.
VerbEntry exportGradescopeVerb() {
    return {"export-gradescope", "write the Gradescope autograder zip: setup.sh, run_autograder and the student kit", Needs::Course,
            [](CLI::App& command) -> VerbRun {
                auto zip = std::make_shared<GradescopeExportCommand>();
                command.add_option("out", zip->out, "the zip to write, e.g. build/gradescope-autograder.zip")->required();
                return [zip](const VerbInput& input) {
                    return static_cast<ExitCode>(runGradescopeExport(*input.course, *zip, std::cout, std::cerr));
                };
            }};
}

/// The `gradescope-results` verb. It loads the course itself: results.json is written even when course.yaml is broken.
VerbEntry gradescopeResultsVerb() {
    return {"gradescope-results", "grade one submission folder on the cpu backend into Gradescope's results.json (run_autograder runs it)",
            Needs::CoursePath, [](CLI::App& command) -> VerbRun {
                auto results = std::make_shared<GradescopeResultsCommand>();
                command.add_option("submission", results->submission, "the student's folder, /autograder/submission on Gradescope")->required();
                command.add_option("--out", results->out, "results.json to write (written even when grading fails)")->required();
                return [results](const VerbInput& input) {
                    results->coursePath = input.coursePath.string();
                    return static_cast<ExitCode>(runGradescopeResults(*results, std::cout, std::cerr));
                };
            }};
}

}  // namespace grader
