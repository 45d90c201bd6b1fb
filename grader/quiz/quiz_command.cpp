// `grader quiz` (see quiz_command.h).
#include "quiz/quiz_command.h"

#include "core/spelling.h"
#include "quiz/answers.h"
#include "quiz/quiz_text.h"

namespace grader {

namespace {

constexpr int kQuizFailed = 1;
constexpr int kQuizUsage = 2;

int quizError(std::ostream& err, const Error& error, int code) {
    err << "grader: " << error.format() << "\n";
    return code;
}

}  // namespace

int runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    const Lesson* lesson = course.findLesson(command.lesson);
    if (!lesson) return quizError(err, {"", "unknown lesson '" + command.lesson + "'", didYouMean(command.lesson, course.lessonIds())}, kQuizUsage);
    auto language = parseLanguage(command.language);
    if (!language) return quizError(err, language.error(), kQuizUsage);
    auto quiz = loadLessonQuiz(course, *lesson);
    if (!quiz) return quizError(err, quiz.error(), kQuizUsage);
    if (!std::filesystem::exists(command.answers))
        return quizError(err, {command.answers, "no such file", "the lesson's answers file is starter/" + lesson->folder + "/quiz_answers.yaml"}, kQuizUsage);
    auto answers = loadAnswers(command.answers, command.answers, *quiz);
    if (!answers) return quizError(err, answers.error(), kQuizFailed);
    const QuizResult graded = gradeQuiz(*quiz, *answers);
    out << formatQuizReport(*quiz, graded, command.answers, *language, command.colour);
    return graded.right() == graded.total() ? 0 : kQuizFailed;
}

}  // namespace grader
