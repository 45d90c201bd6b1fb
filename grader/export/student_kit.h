// `grader export-student OUT`: writes the kit a student receives. What
// travels is a table (kKitParts in student_kit.cpp), everything else stays
// with the instructor:
//   course.yaml, CMakeLists.txt, .gitignore, lessons/ (texts and quizzes),
//   starter/ (files and blank quiz answers), the grader's sources but the
//   harness, tests/lesson_tests.cmake (as the kit's tests/CMakeLists.txt:
//   the lessonK tests only), and the harness compiled (prebuilt_harness.h);
//   edited on the way (kit_text.h): README.md, CONTRACT.md and
//   docs/student-guide.md (their student-kit parts only),
//   scripts/install-deps.sh (the build's packages only) and
//   CMakePresets.json (without the solutions' presets; `ctest --preset
//   lessonK` runs a lesson's tests and fails where there are none);
//   written from course.yaml (kit_integrations.h): the GitHub Classroom
//   workflow, the dev container and the editor tasks, and the tile-map
//   trainer's page, lessons/trainer.html (trainer/trainer_page.h); with
//   `--web DIST`, the browser edition as web/dist's build holds it (its
//   quizzes sealed at build time), a static site published as it is.
//   Instructor-only: solutions/ (never), the harness source and the
//   reference kernels, tests/ (the broken-kernel corpus and golden kernels
//   are the solutions with one line changed, and correct variants), examples/
//   (a sample class of submissions, correct ones among them), bench/ (a tiled
//   kernel in numba), .ci/, docs/ but the student guide, and every build
//   folder.
// Then it searches the result for the solutions' distinctive lines
// (solution_scan.h) and fails if it finds one. OUT must be new, empty, or an
// earlier export (it has the .student-kit marker), which is replaced.
// Non-goals: packing an archive or pushing to a repository
// (docs/instructor-guide.md says how an instructor publishes the folder).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/course.h"

namespace grader {

/// What `grader export-student` was asked.
struct ExportCommand {
    std::string out;
    bool gpu = true;                                      ///< compile the gpu harness when nvcc is found
    std::vector<int> cudaArchs = {75, 80, 90, 100, 120};  ///< machine code for these; PTX for the newest
    std::string web;                                      ///< the browser edition as built (web/dist), copied to web/; "": none
};

/// What writeStudentKit wrote.
struct StudentKitWritten {
    std::filesystem::path folder;            ///< the kit, an absolute path
    int files = 0;                           ///< files copied (or edited) from the instructor's kit
    int webFiles = 0;                        ///< files of the browser edition copied to web/ (ExportCommand::web)
    std::vector<std::string> generated;      ///< files written from course.yaml, relative to the kit
    std::vector<std::string> compiled;       ///< the harness compiler's notes, one per harness built
    std::vector<std::string> leftOut;        ///< the instructor-only paths
    size_t linesChecked = 0;                 ///< the solutions' distinctive lines searched for
    std::vector<std::string> solutionText;   ///< where one was found; non-empty: the kit was removed again
};

/// Writes the student kit of `course`'s kit into `command.out` and searches it for solution text;
/// an Error where it could not be written (what was written is removed).
Expected<StudentKitWritten> writeStudentKit(const Course& course, const ExportCommand& command);

}  // namespace grader
