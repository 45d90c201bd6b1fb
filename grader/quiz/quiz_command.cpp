// `grader quiz` (see quiz_command.h).
#include "quiz/quiz_command.h"

#include <optional>

#include "core/escape.h"
#include "core/toolchain.h"
#include "quiz/answers.h"
#include "quiz/blank_answers.h"
#include "quiz/quiz_text.h"
#include "quiz/tries.h"

namespace grader {

namespace {

constexpr int kQuizFailed = 1;
constexpr int kQuizUsage = 2;

/// "grader quiz LESSON WORDS...", pasteable where the student stands.
std::string quizCommandLine(const std::string& lesson, const std::string& words) {
    return graderCommand() + " quiz " + lesson + " " + words;
}

int writeBlank(const Quiz& quiz, const Lesson& lesson, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    if (!command.answers.empty())
        return grader::printError(err, {"", "give either an answers file to check or --blank FILE to write, not both", ""}, kQuizUsage);
    if (auto error = writeBlankAnswers(quiz, lesson, command.blank)) return grader::printError(err, *error, kQuizUsage);
    out << "wrote " << command.blank << ": the blank answers to the " << quiz.questions.size() << " questions of " << lesson.id
        << "\nSee the questions: " << quizCommandLine(lesson.id, shellQuote(command.blank)) << "\n";
    return 0;
}

/// Records the new wrong answers beside the answers file and sets every answer's tries.
/// A record that cannot be read is an Error; one that cannot be written is a note on `err`.
std::optional<Error> countTries(QuizResult& graded, const Lesson& lesson, const std::string& answersFile, std::ostream& err) {
    const std::filesystem::path path = triesPath(answersFile);
    auto record = loadTries(path, path.string());
    if (!record) return record.error();
    if (recordWrongAnswers(*record, graded)) {
        if (auto error = writeFileAtomically(path, formatTries(*record)))
            err << "grader: note: " << path.string() << ": cannot record your tries (" << error->message << ")\n";
    }
    applyTries(graded, *record, revealAfterTries(lesson));
    return std::nullopt;
}

}  // namespace

int runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.lesson);
    if (!found) return printError(err, found.error(), kQuizUsage);
    const Lesson& lesson = **found;
    auto language = parseLanguage(command.language);
    if (!language) return printError(err, language.error(), kQuizUsage);
    auto quiz = loadLessonQuiz(course, lesson);
    if (!quiz) return printError(err, quiz.error(), kQuizUsage);
    if (!command.blank.empty()) return writeBlank(*quiz, lesson, command, out, err);
    if (command.answers.empty())
        return printError(err, {"", "no answers file given", "e.g. starter/" + lesson.folder + "/quiz_answers.yaml; --blank FILE writes a blank one"},
                          kQuizUsage);
    if (!std::filesystem::exists(command.answers))
        return printError(err, {command.answers, "no such file", "write a blank one: " + quizCommandLine(lesson.id, "--blank " + shellQuote(command.answers))},
                          kQuizUsage);
    auto answers = loadAnswers(command.answers, command.answers, *quiz);
    if (!answers) return printError(err, answers.error(), kQuizFailed);
    QuizResult graded = gradeQuiz(*quiz, *answers);
    if (auto error = countTries(graded, lesson, command.answers, err)) return printError(err, *error, kQuizFailed);
    ReportOptions options;
    options.language = *language;
    options.colour = command.colour;
    options.explain = command.explain;
    options.revealAfter = revealAfterTries(lesson);
    options.explainCommand = quizCommandLine(lesson.id, shellQuote(command.answers) +
                                                            (*language == Language::Russian ? " --lang ru" : "") + " --explain");
    out << formatQuizReport(*quiz, graded, command.answers, options);
    return graded.right() == graded.total() ? 0 : kQuizFailed;
}

}  // namespace grader
