// `grader quiz` (see quiz_command.h).
#include "quiz/quiz_command.h"

#include "quiz/answers.h"
#include "quiz/quiz_text.h"

namespace grader {

namespace {

constexpr int kQuizFailed = 1;
constexpr int kQuizUsage = 2;


}  // namespace

int runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.lesson);
    if (!found) return printError(err, found.error(), kQuizUsage);
    const Lesson* lesson = *found;
    auto language = parseLanguage(command.language);
    if (!language) return printError(err, language.error(), kQuizUsage);
    auto quiz = loadLessonQuiz(course, *lesson);
    if (!quiz) return printError(err, quiz.error(), kQuizUsage);
    if (!std::filesystem::exists(command.answers))
        return printError(err, {command.answers, "no such file", "the lesson's answers file is starter/" + lesson->folder + "/quiz_answers.yaml"}, kQuizUsage);
    auto answers = loadAnswers(command.answers, command.answers, *quiz);
    if (!answers) return printError(err, answers.error(), kQuizFailed);
    const QuizResult graded = gradeQuiz(*quiz, *answers);
    out << formatQuizReport(*quiz, graded, command.answers, *language, command.colour);
    return graded.right() == graded.total() ? 0 : kQuizFailed;
}

}  // namespace grader
