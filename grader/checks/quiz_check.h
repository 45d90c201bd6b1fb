// The quiz check's verdict on answers already read, shared by the native
// check (checks/quiz.cpp, which reads quiz.yaml and the files beside the
// student's) and the browser's judge (web/judge/browser_quiz.cpp, which
// reads the page's stored answers and tries), so both say the same.
// Non-goal: finding or reading the files.
#pragma once

#include <string>

#include "checks/check.h"
#include "quiz/answers.h"
#include "quiz/quiz.h"
#include "quiz/tries.h"

namespace grader {

/// The answers file as the report names it: `name` in the folder of the student's file as typed.
std::string quizAnswersDisplay(const CheckContext& ctx, const std::string& name);

/// The check's result when the answers file `display` is missing: fail, naming the command that writes a blank one.
CheckResult missingQuizAnswers(const CheckContext& ctx, const std::string& display);

/// The check's result for `answers` to `quiz` with the record `tries`: points in proportion to the right answers,
/// a pass when all are right; the message as quizCheckMessage writes it, with the `grader quiz` command for `display`.
CheckResult quizCheckResult(const CheckContext& ctx, const Quiz& quiz, const Answers& answers, const TriesRecord& tries,
                            const std::string& display);

}  // namespace grader
