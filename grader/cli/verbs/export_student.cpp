// `grader export-student OUT`: writes the kit a student receives (see
// export/student_kit.h). Non-goal: what goes into the kit.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/verb.h"
#include "cli/verbs/table.h"
#include "export/student_kit.h"

namespace grader {

namespace {

/// What `grader export-student` was asked.
struct ExportOptions {
    ExportCommand command;
    bool noGpuHarness = false;
};

}  // namespace

/// The `export-student` verb.
VerbEntry exportStudentVerb() {
    return {"export-student", "write the kit a student receives: no solutions, the harness compiled", Needs::Course,
            [](CLI::App& command) -> VerbRun {
                auto options = std::make_shared<ExportOptions>();
                command.add_option("out", options->command.out, "the folder to write (new, empty, or an earlier export, which is replaced)")
                    ->required();
                command.add_option("--cuda-archs", options->command.cudaArchs,
                                   "GPU architectures of the compiled gpu harness (default 75,80,90,100,120)")
                    ->delimiter(',');
                command.add_flag("--no-gpu", options->noGpuHarness, "leave the gpu harness out even where nvcc is found");
                return [options](const VerbInput& input) {
                    options->command.gpu = !options->noGpuHarness;
                    return static_cast<ExitCode>(runExportCommand(*input.course, options->command, std::cout, std::cerr));
                };
            }};
}

}  // namespace grader
