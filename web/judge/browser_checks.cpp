// The trainer check in the browser's judge: it reads YAML (the progress file
// beside the student's file) through yaml-cpp, which the judge cannot link;
// it is skipped with that reason until the page stores progress and the judge
// can read it. The quiz check is browser_quiz.cpp's.
// Non-goal: grading it differently from the native grader.
#include "checks/check.h"

namespace grader {

CheckResult checkTrainer(CheckContext& ctx) {
    return makeResult(ctx, Status::Skip, "not graded in the browser yet: the trainer is graded by `grader check` in the kit");
}

}  // namespace grader
