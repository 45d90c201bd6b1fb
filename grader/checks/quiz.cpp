// The quiz check: the student's answers (quiz_answers.yaml beside their
// lesson file, or course.yaml's answers_file; in a folder holding several
// lessons' files, quiz_answers_lessonK.yaml or lessonK/quiz_answers.yaml
// there) graded against the lesson's
// quiz.yaml. It builds and runs nothing, and writes nothing: the record of
// tries that `grader quiz` keeps is only read, to show a worked answer where
// that command would. Points are in proportion to the right answers (rounded
// down); the check passes only when all are right (an answer in an unusable
// form is not). A broken quiz.yaml is the grader's trouble (error); a
// missing or broken answers file is the student's (fail). The verdict on
// answers once read is quiz_result.cpp's, which the browser's judge shares.
#include "checks/check.h"
#include "checks/quiz_check.h"

namespace grader {

std::string fileBesideStudentFile(const CheckContext& ctx, const std::string& name) {
    const std::filesystem::path folder = ctx.file.parent_path();
    const std::filesystem::path base(name);
    for (const std::filesystem::path& byLesson : {std::filesystem::path(base.stem().string() + "_" + ctx.lesson.id + base.extension().string()),
                                                  std::filesystem::path(ctx.lesson.id) / base})
        if (std::filesystem::is_regular_file(folder / byLesson)) return byLesson.string();
    return name;
}

CheckResult checkQuiz(CheckContext& ctx) {
    auto quiz = loadLessonQuiz(ctx.course, ctx.lesson);
    if (!quiz) return makeResult(ctx, Status::Error, quiz.error().format());
    const std::string name = fileBesideStudentFile(ctx, ctx.spec.stringParam("answers_file", "quiz_answers.yaml"));
    const std::filesystem::path path = ctx.file.parent_path() / name;
    const std::string display = quizAnswersDisplay(ctx, name);
    if (!std::filesystem::exists(path)) return missingQuizAnswers(ctx, display);
    auto answers = loadAnswers(path, display, *quiz);
    if (!answers) return makeResult(ctx, Status::Fail, "quiz.unreadable-answers", answers.error().format());
    auto tries = loadTries(triesPath(path), triesPath(display).string());
    return quizCheckResult(ctx, *quiz, *answers, tries ? *tries : TriesRecord{}, display);  // a broken record: `grader quiz` says so
}

}  // namespace grader
