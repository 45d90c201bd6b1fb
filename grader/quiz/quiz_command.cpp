// `grader quiz` (see quiz_command.h).
#include "quiz/quiz_command.h"

#include "core/spelling.h"
#include "quiz/answers.h"
#include "quiz/quiz_text.h"

namespace grader {

namespace {

constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

int report(std::ostream& err, const Error& error, int code) {
    err << "grader: " << error.format() << "\n";
    return code;
}

}  // namespace

int runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    const Lesson* lesson = course.findLesson(command.lesson);
    if (!lesson) return report(err, {"", "unknown lesson '" + command.lesson + "'", didYouMean(command.lesson, course.lessonIds())}, kExitUsage);
    auto language = parseLanguage(command.language);
    if (!language) return report(err, language.error(), kExitUsage);
    auto quiz = loadLessonQuiz(course, *lesson);
    if (!quiz) return report(err, quiz.error(), kExitUsage);
    if (!std::filesystem::exists(command.answers))
        return report(err, {command.answers, "no such file", "the lesson's answers file is starter/" + lesson->folder + "/quiz_answers.yaml"}, kExitUsage);
    auto answers = loadAnswers(command.answers, command.answers, *quiz);
    if (!answers) return report(err, answers.error(), kExitFailed);
    const QuizResult graded = gradeQuiz(*quiz, *answers);
    out << formatQuizReport(*quiz, graded, command.answers, *language, command.colour);
    return graded.right() == graded.total() ? 0 : kExitFailed;
}

}  // namespace grader
