// The quiz check: the student's answers (quiz_answers.yaml beside their
// lesson file, or course.yaml's answers_file) graded against the lesson's
// quiz.yaml. It builds and runs nothing. Points are in proportion to the
// right answers (rounded down); the check passes only when all are right.
// A broken quiz.yaml is the grader's trouble (error); a missing or broken
// answers file is the student's (fail).
#include "checks/check.h"
#include "core/escape.h"
#include "core/toolchain.h"
#include "quiz/answers.h"
#include "quiz/quiz_text.h"

namespace grader {

CheckResult checkQuiz(CheckContext& ctx) {
    auto quiz = loadLessonQuiz(ctx.course, ctx.lesson);
    if (!quiz) return makeResult(ctx, Status::Error, quiz.error().format());
    const std::string name = ctx.spec.stringParam("answers_file", "quiz_answers.yaml");
    const std::filesystem::path path = ctx.file.parent_path() / name;
    const std::string display = (std::filesystem::path(ctx.displayFile).parent_path() / name).string();
    if (!std::filesystem::exists(path))
        return makeResult(ctx, Status::Fail, "no quiz answers: " + display + " is missing (the starter's folder has one, with every answer empty)");
    auto answers = loadAnswers(path, display, *quiz);
    if (!answers) return makeResult(ctx, Status::Fail, answers.error().format());
    const QuizResult graded = gradeQuiz(*quiz, *answers);
    const bool allRight = graded.right() == graded.total();
    CheckResult result = makeResult(ctx, allRight ? Status::Pass : Status::Fail,
                                    quizCheckMessage(graded, display, graderCommand() + " quiz " + ctx.lesson.id + " " + shellQuote(display)));
    result.points = graded.total() ? ctx.spec.points * graded.right() / graded.total() : 0;
    return result;
}

}  // namespace grader
