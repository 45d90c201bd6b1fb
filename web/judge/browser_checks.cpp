// The quiz and trainer checks in the browser's judge: both read YAML (the
// lesson's quiz.yaml, the answers and progress files beside the student's
// file) through yaml-cpp, which the judge cannot link; they are skipped with
// that reason until the page stores answers and the judge can read them.
// Non-goal: grading them differently from the native grader.
#include "checks/check.h"

namespace grader {

CheckResult checkQuiz(CheckContext& ctx) {
    return makeResult(ctx, Status::Skip, "not graded in the browser yet: the quiz is graded by `grader check` in the kit");
}

CheckResult checkTrainer(CheckContext& ctx) {
    return makeResult(ctx, Status::Skip, "not graded in the browser yet: the trainer is graded by `grader check` in the kit");
}

}  // namespace grader
