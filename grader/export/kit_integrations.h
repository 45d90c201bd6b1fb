// The files that fit the student kit into the tools students and teachers
// use, written from course.yaml by `grader export-student`:
//   .github/workflows/classroom.yml   GitHub Classroom's autograding: on a
//     GPU-less ubuntu-latest runner it installs the packages, builds the kit,
//     and runs each check of each lesson as one
//     classroom-resources/autograding-command-grader step (the check's points
//     as its max-score, a timeout from its time limit) on the cpu backend;
//     autograding-grading-reporter sums them. Checks that need a GPU
//     (Runs::GpuOnly) are left out: on that runner they could only be skipped.
//     So are checks worth 0 points (the trainer by default): Classroom counts
//     no points for a step whose max-score is 0, and the reporter fails the
//     whole run when any step fails, so such a step could only turn a full
//     score's run red (the student's own `ctest --preset lessonK` runs them).
//   .devcontainer/devcontainer.json   Codespaces and VS Code dev containers:
//     a Debian 12 image, the kit's install script on create, then its build,
//     the C/C++ and CMake Tools extensions.
//   .vscode/tasks.json   the kit's build and one task per lesson running
//     `grader check ... --format gcc` under VS Code's `$gcc` problem matcher.
// Their commands are the README's: kInstallCommand and kBuildCommand.
// Non-goals: a SARIF upload (not in the workflow), a GPU runner, another CI.
#pragma once

#include <string>

#include "core/course.h"

namespace grader {

/// The student kit's package install, as its README gives it (as root, from the kit's folder).
inline constexpr const char* kInstallCommand = "bash scripts/install-deps.sh";
/// The student kit's build, as its README gives it.
inline constexpr const char* kBuildCommand = "cmake --preset default && cmake --build --preset default";

/// `.github/workflows/classroom.yml`: one autograding step per check that runs without a GPU and is worth points.
std::string classroomWorkflow(const Course& course);

/// `.devcontainer/devcontainer.json`.
std::string devcontainerJson(const Course& course);

/// `.vscode/tasks.json`: the build and one `--format gcc` check task per lesson.
std::string vscodeTasksJson(const Course& course);

}  // namespace grader
