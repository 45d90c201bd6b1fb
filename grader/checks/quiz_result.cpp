// The quiz check's verdict on answers already read (see quiz_check.h).
#include "checks/quiz_check.h"

#include <filesystem>

#include "core/escape.h"
#include "quiz/quiz_text.h"

namespace grader {

namespace {

/// "grader quiz LESSON ", the start of the commands the messages name.
std::string quizCommand(const CheckContext& ctx) { return ctx.grader + " quiz " + ctx.lesson.id + " "; }

}  // namespace

std::string quizAnswersDisplay(const CheckContext& ctx, const std::string& name) {
    return (std::filesystem::path(ctx.displayFile).parent_path() / name).string();
}

CheckResult missingQuizAnswers(const CheckContext& ctx, const std::string& display) {
    return makeResult(ctx, Status::Fail, "quiz.no-answers",
                      "no quiz answers: " + display + " is missing.\nWrite a blank one: " + quizCommand(ctx) + "--blank " + shellQuote(display));
}

CheckResult quizCheckResult(const CheckContext& ctx, const Quiz& quiz, const Answers& answers, const TriesRecord& tries,
                            const std::string& display) {
    QuizResult graded = gradeQuiz(quiz, answers);
    applyTries(graded, tries, revealAfterTries(ctx.lesson));
    const bool allRight = graded.right() == graded.total();
    CheckResult result = makeResult(ctx, allRight ? Status::Pass : Status::Fail, "quiz.wrong-answers",
                                    quizCheckMessage(graded, display, quizCommand(ctx) + shellQuote(display)));
    result.points = graded.total() ? ctx.spec.points * graded.right() / graded.total() : 0;
    return result;
}

}  // namespace grader
