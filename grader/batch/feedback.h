// Feedback to send back (`grader batch --feedback FBDIR`): for every row of
// the gradebook, one self-contained HTML page (inline CSS, no script, nothing
// loaded) and its plain-text twin, FBDIR/<id>.html and FBDIR/<id>.txt. Each
// holds the student's name as handed in, the score, notes (near-miss file
// names, quiz answers missing, the trainer not done, why a submission was
// refused or not graded),
// and every lesson with every check's status, points and full message, as
// `grader check` prints them, with the command that reruns the lesson from
// the root of the student's own kit (starter/NN-name/<file>, the seed this
// grading used). The text twin holds each lesson's `grader check` output
// word for word.
// Non-goals: sending it (mail, an LMS); anything about other students.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "batch/class_outputs.h"

namespace grader {

/// One student's feedback as plain text (UTF-8).
std::string feedbackText(const Course& course, const StudentResult& result);
/// One student's feedback as a self-contained HTML page.
std::string feedbackHtml(const Course& course, const StudentResult& result);
/// Writes <id>.txt and <id>.html into `dir` for every student of `view`, those without a result yet too.
std::optional<Error> writeFeedback(const ClassView& view, const std::filesystem::path& dir);

}  // namespace grader
