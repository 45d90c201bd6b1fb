// `grader quiz` (see quiz.h).
#include "cli/verbs/quiz.h"

#include "cli/verbs/table.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <optional>

#include "core/escape.h"
#include "core/toolchain.h"
#include "quiz/answers.h"
#include "quiz/blank_answers.h"
#include "quiz/quiz_json.h"
#include "quiz/quiz_text.h"
#include "quiz/sealed.h"
#include "quiz/tries.h"

namespace grader {

namespace {


/// "grader quiz LESSON WORDS...", pasteable where the student stands.
std::string quizCommandLine(const std::string& lesson, const std::string& words) {
    return graderCommand() + " quiz " + lesson + " " + words;
}

ExitCode writeBlank(const Quiz& quiz, const Lesson& lesson, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    if (!command.answers.empty())
        return printCliError(err, {"", "give either an answers file to check or --blank FILE to write, not both", ""}, ExitCode::CannotRun);
    if (auto error = writeBlankAnswers(quiz, lesson, command.blank)) return printCliError(err, *error, ExitCode::CannotRun);
    out << "wrote " << command.blank << ": the blank answers to the " << quiz.questions.size() << " questions of " << lesson.id
        << "\nSee the questions: " << quizCommandLine(lesson.id, shellQuote(command.blank)) << "\n";
    return ExitCode::Done;
}

/// Prints the quiz sealed as the student kit holds it (as it is, where the kit's quiz.yaml is sealed already).
ExitCode printSealedJson(const Course& course, const Quiz& quiz, const Lesson& lesson, const QuizCommand& command, std::ostream& out,
                         std::ostream& err) {
    if (!command.answers.empty() || !command.blank.empty())
        return printCliError(err, {"", "--sealed-json prints the quiz alone: give no answers file and no --blank", ""}, ExitCode::CannotRun);
    std::string text;
    if (!readFile(quizPath(course, lesson), text)) return printCliError(err, {quizPath(course, lesson).string(), "cannot read", ""}, ExitCode::CannotRun);
    const bool sealedAlready = !quiz.questions.empty() && quiz.questions.front().sealed;
    auto sealed = sealedAlready ? Expected<Quiz>(quiz) : studentKitQuiz(quiz, text, revealAfterTries(lesson) > 0);
    if (!sealed) return printCliError(err, sealed.error(), ExitCode::CannotRun);
    auto json = sealedQuizJson(*sealed);
    if (!json) return printCliError(err, json.error(), ExitCode::CannotRun);
    out << *json;
    return ExitCode::Done;
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

ExitCode runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.lesson);
    if (!found) return printCliError(err, found.error(), ExitCode::CannotRun);
    const Lesson& lesson = **found;
    auto language = parseLanguage(command.language);
    if (!language) return printCliError(err, language.error(), ExitCode::CannotRun);
    auto quiz = loadLessonQuiz(course, lesson);
    if (!quiz) return printCliError(err, quiz.error(), ExitCode::CannotRun);
    if (command.sealedJson) return printSealedJson(course, *quiz, lesson, command, out, err);
    if (!command.blank.empty()) return writeBlank(*quiz, lesson, command, out, err);
    if (command.answers.empty())
        return printCliError(err, {"", "no answers file given", "e.g. starter/" + lesson.folder + "/quiz_answers.yaml; --blank FILE writes a blank one"},
                          ExitCode::CannotRun);
    if (!std::filesystem::exists(command.answers))
        return printCliError(err, {command.answers, "no such file", "write a blank one: " + quizCommandLine(lesson.id, "--blank " + shellQuote(command.answers))},
                          ExitCode::CannotRun);
    auto answers = loadAnswers(command.answers, command.answers, *quiz);
    if (!answers) return printCliError(err, answers.error(), ExitCode::Failed);
    QuizResult graded = gradeQuiz(*quiz, *answers);
    if (auto error = countTries(graded, lesson, command.answers, err)) return printCliError(err, *error, ExitCode::Failed);
    ReportOptions options;
    options.language = *language;
    options.colour = command.colour;
    options.explain = command.explain;
    options.revealAfter = revealAfterTries(lesson);
    options.explainCommand = quizCommandLine(lesson.id, shellQuote(command.answers) +
                                                            (*language == Language::Russian ? " --lang ru" : "") + " --explain");
    out << formatQuizReport(*quiz, graded, command.answers, options);
    return graded.right() == graded.total() ? ExitCode::Done : ExitCode::Failed;
}

/// The `quiz` verb.
VerbEntry quizVerb() {
    return {"quiz", "check a lesson's quiz answers, with a hint for each wrong one; or write a blank answers file", Needs::Course,
            [](CLI::App& command) -> VerbRun {
                auto quiz = std::make_shared<QuizCommand>();
                command.add_option("lesson", quiz->lesson, "lesson1 .. lesson4")->required();
                command.add_option("answers", quiz->answers, "the answers file, e.g. starter/03-phase-loop/quiz_answers.yaml")->type_name("ANSWERS");
                command.add_option("--blank", quiz->blank, "write a blank answers file, the same as the starter's, instead (never over a file)")
                    ->type_name("FILE");
                command.add_option("--lang", quiz->language, "en or ru")->check(CLI::IsMember({"en", "ru"}));
                command.add_flag("--explain", quiz->explain, "also show the lesson's worked answer under each right answer");
                command.add_flag("--sealed-json", quiz->sealedJson,
                                 "print the quiz sealed as the student kit holds it, as JSON (for the browser edition), instead");
                command.footer(
                    "Two forms:\n"
                    "  grader quiz LESSON ANSWERS [--lang en|ru] [--explain]\n"
                    "      Checks the answers: a hint for each wrong one; the lesson's worked answer once it is\n"
                    "      right (--explain) or after reveal_after_tries different wrong answers (course.yaml,\n"
                    "      default 3), which are recorded beside ANSWERS (quiz_answers.tries.yaml for\n"
                    "      quiz_answers.yaml; delete it to start over). An answer not in the form its question\n"
                    "      takes (a word for a number, a letter that is not a choice) is no try: the report\n"
                    "      names the form to use.\n"
                    "  grader quiz LESSON --blank FILE\n"
                    "      Writes a blank answers file, the same as the starter's; never over an existing file.\n"
                    "  grader quiz LESSON --sealed-json\n"
                    "      Prints the quiz with its answers sealed, as the student kit holds them, as JSON.\n"
                    "Exit 0: every answer right, or the file written or printed; 1: not yet; 2: a usage or file problem.");
                return [quiz](const VerbInput& input) {
                    quiz->colour = colourWanted();
                    return runQuizCommand(*input.course, *quiz, std::cout, std::cerr);
                };
            }};
}

}  // namespace grader
