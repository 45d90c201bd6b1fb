// `grader export-student OUT`: writes the kit a student receives (see
// export/student_kit.h) and says what it wrote. Exit 0: written and
// checked; 1: solution text found in it (it is removed); 2: it could not
// be written.
// Non-goal: what goes into the kit (export/student_kit.cpp).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "cli/verb.h"
#include "cli/verbs/export_student.h"
#include "cli/verbs/table.h"

namespace grader {

ExitCode reportSolutionText(const StudentKitWritten& written, const std::string& out, std::ostream& err) {
    for (const auto& hit : written.solutionText) err << "grader: " << hit << "\n";
    return printCliError(err, {out, "holds solution text, so it was removed", "keep that file out of the kit parts in grader/export/student_kit.cpp"},
                         ExitCode::Failed);
}

namespace {

/// Says what the export wrote, and what to do next.
void printKitWritten(const StudentKitWritten& written, std::ostream& out) {
    out << "student kit: " << written.folder.string() << "\n";
    out << "  " << written.files << " files from the kit: course.yaml, CMakeLists.txt, CMakePresets.json (without the solutions' presets),\n"
        << "    README.md, CONTRACT.md and docs/student-guide.md (their student-kit parts), lessons/ (the quizzes' answers sealed),\n"
        << "    starter/, scripts/install-deps.sh (the build's packages only), grader/ (without the harness source),\n"
        << "    tests/CMakeLists.txt (the lesson tests)\n";
    if (written.webFiles)
        out << "  web/: the browser edition, " << written.webFiles << " files (serve it: python3 -m http.server --directory web 8000)\n";
    out << "  written from course.yaml:";
    for (const auto& path : written.generated) out << " " << path;
    out << "\n";
    for (const auto& note : written.compiled) out << "  compiled: " << note << "\n";
    out << "  instructor-only, left out:";
    for (const auto& path : written.leftOut) out << " " << path;
    out << "\n  checked: none of the " << written.linesChecked << " distinctive lines of solutions/ is in it\n";
    out << "next: cd " << written.folder.string() << " && cmake --preset default && cmake --build --preset default && ctest --preset lesson1\n";
}

/// What `grader export-student` was asked.
struct ExportOptions {
    ExportCommand command;
    bool noGpuHarness = false;
};

/// Adds export-student's options to `command`.
void addExportOptions(CLI::App& command, ExportOptions& options) {
    command.add_option("out", options.command.out, "the folder to write (new, empty, or an earlier export, which is replaced)")->required();
    command.add_option("--cuda-archs", options.command.cudaArchs, "GPU architectures of the compiled gpu harness (default 75,80,90,100,120)")
        ->delimiter(',');
    command.add_flag("--no-gpu", options.noGpuHarness, "leave the gpu harness out even where nvcc is found");
    command.add_option("--web", options.command.web, "also copy the browser edition built at DIST (web/dist) into the kit as web/")
        ->type_name("DIST");
}

/// Writes the kit and says what it wrote.
ExitCode runExport(const VerbInput& input, ExportOptions& options) {
    options.command.gpu = !options.noGpuHarness;
    auto written = writeStudentKit(*input.course, options.command);
    if (!written) return printCliError(written.error());
    if (!written->solutionText.empty()) return reportSolutionText(*written, options.command.out, std::cerr);
    printKitWritten(*written, std::cout);
    return ExitCode::Done;
}

}  // namespace

/// The `export-student` verb.
VerbEntry exportStudentVerb() {
    return makeVerb("export-student", "write the kit a student receives: no solutions, the harness compiled", Needs::Course, addExportOptions,
                    runExport);
}

}  // namespace grader
