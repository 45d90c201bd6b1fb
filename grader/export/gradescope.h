// The Gradescope autograder, in two parts:
//   `grader export-gradescope OUT.zip` writes the zip an instructor uploads to
//   a Gradescope programming assignment. Gradescope unpacks it into
//   /autograder/source; at its root:
//     setup.sh        run once, as root, when Gradescope builds its image:
//                     installs the build's Debian/Ubuntu packages, builds
//                     the grader from kit/ and creates the unprivileged user
//                     student code runs as (grader/export/gradescope/setup.sh)
//     run_autograder  run for each submission: `grader gradescope-results`
//                     into a folder only root reaches, kept only when the
//                     grader finished (grader/export/gradescope/run_autograder)
//     kit/            the student kit (student_kit.h: no solutions/, the
//                     harness compiled, checked for solution text), without
//                     the gpu harness: Gradescope has no GPU
//   `grader gradescope-results SUBMISSION --out RESULTS.json` grades one
//   student's folder on the cpu backend as `grader batch` grades one entry
//   (each lesson's file found by name anywhere in it, a missing lesson "not
//   submitted"), in the bubblewrap sandbox where it runs and else confined
//   by user (core/sandbox.h); as root it never runs student code
//   unconfined (refused: score 0 and why), and writes Gradescope's results.json: one test
//   per check, messages and rerun commands written for the student's own
//   kit. The result is kept in memory (no file student code could reach is
//   read back) and written once every process student code started is
//   gone. It writes RESULTS.json whatever happens: when the grader itself
//   fails, a score of 0 and the error.
// Non-goals: Gradescope's API (the instructor uploads the zip), GPU grading
// there, grading several students (grader batch).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/results.h"
#include "core/course.h"
#include "export/student_kit.h"

namespace grader {

/// What writeAutograderZip wrote.
struct AutograderWritten {
    std::filesystem::path zip;  ///< absolute
    size_t files = 0;           ///< files in the zip
    StudentKitWritten kit;      ///< its student kit; solution text found there means no zip was written
};

/// Writes the autograder zip of `course`'s kit to `out`; an Error where it could not be written.
Expected<AutograderWritten> writeAutograderZip(const Course& course, const std::string& out);

/// What `grader gradescope-results` was asked.
struct GradescopeResultsCommand {
    std::string submission;  ///< the student's folder (/autograder/submission)
    std::string out;         ///< results.json to write
    std::string coursePath;  ///< course.yaml
};

/// What grading one submission for Gradescope came to: results.json's content, always.
struct GradescopeGraded {
    nlohmann::json results;          ///< the grade, or score 0 and `failure`
    std::string failure;             ///< why the submission could not be graded ("": it was)
    std::vector<std::string> notes;  ///< the batch's notes
    std::string summary;             ///< "graded on the cpu backend, in ...: S/M (not submitted: ...)"
    bool graderError = false;        ///< a check could not run (the grader's own error)

    /// Records that the submission could not be graded, and results.json that says so.
    void fail(const std::string& what, double seconds);
};

/// Grades the submission on the cpu backend, confined; never throws.
GradescopeGraded gradeForGradescope(const GradescopeResultsCommand& command);

/// Writes results.json (its folder made first), atomically.
std::optional<Error> writeGradescopeResults(const std::filesystem::path& file, const nlohmann::json& results);

/// Gradescope's results.json of one graded student: one test per check (a lesson not submitted is
/// one test worth 0), each failing test's output ending in the command that reruns it in the
/// student's kit, and execution_time in whole seconds.
nlohmann::json gradescopeResultsJson(const Course& course, const StudentResult& result, double seconds);

/// The zip of every file under `folder` (sorted, stored, permissions kept, a fixed date: the same files give the same bytes).
Expected<std::string> zipOfFolder(const std::filesystem::path& folder);

/// results.json when the grader could not grade: score 0, `what` in the output.
nlohmann::json gradescopeFailureJson(const std::string& what, double seconds);

}  // namespace grader
