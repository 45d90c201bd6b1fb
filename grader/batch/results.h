// One student's batch result and its file RESULTS/<id>.json:
//   {"id": ..., "name": the student's name from the layout, "source": the name as handed in,
//    "late": the LMS marked it late, "late_penalty": points taken off for it, "status": "graded" | "refused" | "not graded", "message": ...,
//    "submission_key": ..., "backend": ..., "sandboxed": ..., "seed": ...,
//    "score": ..., "max_score": ..., "notes": [...], "problems": [...] (when any),
//    "grader_error": true (when the grader's own trouble kept it from grading),
//    "lessons": [ the object `grader check --json` prints, plus
//                 "status": "graded" | "not submitted", and "program_output":
//                 {"run", "lines"} when the student's program printed ]}
// A lesson's "file" is the file graded as it lies in the submission
// ("dennis.zip/dennis/04-measuring-speedup/speedup.cu"); its messages name it
// as the student's kit does (starter/NN-name/<file>) and their commands start
// with build/grader/grader: written for the student, who reruns them from
// the root of their own kit (the feedback, Gradescope).
// A result is written atomically (temporary file, fsync, rename) the moment
// its student is finished: the file's presence with a matching key is what
// makes a rerun skip that student.
// Non-goals: class-level outputs (class_outputs.h), grading (batch.h).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks/check.h"
#include "core/error.h"

namespace grader {

/// One lesson of one student: graded (with its report) or not submitted.
struct LessonOutcome {
    bool submitted = false;
    LessonReport report;  ///< when not submitted: lesson, backend, 0 / the lesson's max score
};

/// Everything the batch knows about one student.
struct StudentResult {
    std::string id;
    std::string name;            ///< the student's name from the layout ("Zoë Smith"); "" in results of earlier graders
    std::string source;          ///< "ada" or "dennis.zip", as handed in
    bool late = false;           ///< the LMS marked the submission late
    int latePenalty = 0;         ///< points off the total for lateness (course.yaml late_penalty)
    std::string status = "graded";  ///< graded | refused (an unsafe or unreadable archive) | not graded (a link, another file)
    std::string message;         ///< why it was refused or not graded
    std::string submissionKey;   ///< content hash of the submission, course.yaml and grader
    std::string contentKey;      ///< content hash of the submission alone: another one is another submission ("" from earlier graders)
    std::string courseHash;      ///< content hash of the course.yaml it was graded under (Course::sourceHash)
    std::string backend;         ///< cpu | gpu
    bool sandboxed = true;
    uint64_t seed = 0;
    std::string shard;           ///< "K/N" when a shard graded it
    std::string gradedAt;        ///< UTC, ISO 8601
    double seconds = 0;
    std::vector<std::string> notes;
    /// What was wrong with the upload though it was graded: a lesson file that is not source text or
    /// not UTF-8, an archive inside that was refused, names that are not UTF-8.
    std::vector<std::string> problems;
    /// The grader's own trouble kept it from grading this entry (an exception, a helper that died): regraded on the next run.
    bool graderError = false;
    std::vector<LessonOutcome> lessons;

    /// Points earned over every lesson, less the late penalty.
    int score() const;
    /// The student's name: the layout's, else the name as handed in, else the id.
    std::string displayName() const { return !name.empty() ? name : !source.empty() ? source : id; }
    /// Points possible over every lesson (skipped checks not counted).
    int maxScore() const;
    /// True when some check reported the grader's own trouble (regraded on the next run).
    bool hasGraderError() const;
    /// The lessons not handed in, "lesson2, lesson4" ("" when all were).
    std::string notSubmitted() const;
};

/// True when `check` is a quiz whose answers file was not handed in (its message starts "no quiz answers").
bool quizAnswersMissing(const CheckResult& check);

/// True when `check` is the trainer whose progress file was not handed in (its message starts "no trainer progress").
bool trainerNotDone(const CheckResult& check);

/// The lesson outcome for a lesson whose file is absent.
LessonOutcome notSubmitted(const Lesson& lesson, const std::string& backend);

/// The result as RESULTS/<id>.json holds it.
nlohmann::json studentResultJson(const StudentResult& result);
/// Reads a result back; `where` names the file in errors.
Expected<StudentResult> studentResultFromJson(const nlohmann::json& json, const std::string& where);
/// Loads RESULTS/<id>.json.
Expected<StudentResult> loadStudentResult(const std::filesystem::path& file);

/// The current time, UTC, ISO 8601 ("2025-01-31T12:00:00Z").
std::string utcNow();

/// Moves the result `out`/<id>.json of the student's earlier submission (one with another content key) to
/// `out`/history/<id>/<its content key>.json, where class reports see what the student fixed later.
/// A result of an earlier grader (no content key), or of the same content, is left to be replaced.
void keepEarlierSubmission(const std::filesystem::path& out, const StudentResult& newer);

/// The student's earlier submissions' results kept in `out`/history/<id>/, oldest first; unreadable ones left out.
std::vector<StudentResult> loadEarlierSubmissions(const std::filesystem::path& out, const std::string& id);

}  // namespace grader
