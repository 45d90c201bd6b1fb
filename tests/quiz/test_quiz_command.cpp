// `grader quiz` end to end in one process, on the kit's lesson 3 quiz under
// the reference course (tests/courses/course.yaml): the tries recorded
// beside the answers file and the reveal they lead to, --blank, and the
// messages of a missing or doubly named answers file.
#include <doctest/doctest.h>

#include <sstream>

#include "quiz/blank_answers.h"
#include "cli/verbs/quiz.h"
#include "quiz/tries.h"
#include "test_support.h"

using namespace grader;

namespace {

CommandRun quiz(QuizCommand command) {
    std::ostringstream out, err;
    command.lesson = command.lesson.empty() ? "lesson3" : command.lesson;
    CommandRun run;
    run.exit = static_cast<int>(runQuizCommand(loadedReferenceCourse(), command, out, err));
    run.out = out.str();
    run.err = err.str();
    return run;
}

CommandRun check(const std::filesystem::path& answers) {
    QuizCommand command;
    command.answers = answers.string();
    return quiz(command);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the worked answer of a question comes after three different wrong answers, recorded beside the file") {
    TempFolder folder("quiz-tries");
    const auto answers = folder.path / "quiz_answers.yaml";
    const auto tries = folder.path / "quiz_answers.tries.yaml";
    writeText(answers, "lesson: lesson3\nanswers:\n  phases-1024: 60\n");
    CommandRun run = check(answers);
    CHECK(run.exit == 1);
    CHECK(has(run.out, "Hint: One phase covers one tile's width"));
    CHECK(has(run.out, "Wrong tries: 1 of 3"));
    CHECK_FALSE(has(run.out, "1024 / 16 = 64"));
    CHECK(readText(tries).find("phases-1024: [60]\n") != std::string::npos);

    CHECK(has(check(answers).out, "Wrong tries: 1 of 3"));  // the same answer again is no new try
    writeText(answers, "lesson: lesson3\nanswers:\n  phases-1024: sixty-four\n");
    run = check(answers);
    CHECK(has(run.out, "NOT USABLE"));
    CHECK(has(run.out, "Answer with one number, like 256."));
    CHECK(readText(tries).find("phases-1024: [60]\n") != std::string::npos);  // nor is an unusable one

    writeText(answers, "lesson: lesson3\nanswers:\n  phases-1024: 62\n");
    CHECK(has(check(answers).out, "Wrong tries: 2 of 3"));
    writeText(answers, "lesson: lesson3\nanswers:\n  phases-1024: 63\n");
    run = check(answers);
    CHECK(has(run.out, "From the lesson: 1024 / 16 = 64 phases."));
    CHECK_FALSE(has(run.out, "Wrong tries"));
    CHECK(readText(tries).find("phases-1024: [60, 62, 63]\n") != std::string::npos);

    std::filesystem::remove(tries);  // start over: hints again
    CHECK(has(check(answers).out, "Wrong tries: 1 of 3"));
}

TEST_CASE("right, unanswered and unusable answers leave no record") {
    TempFolder folder("quiz-right");
    const auto answers = folder.path / "quiz_answers.yaml";
    writeText(answers, "lesson: lesson3\nanswers:\n  phases-1024: 64\n  traffic-cut: sixteen\n");
    const CommandRun run = check(answers);
    CHECK(run.exit == 1);
    CHECK(has(run.out, "1/6 answers right, 1 not in a usable form\n"));
    CHECK(has(run.out, "quiz lesson3 " + answers.string() + " --explain\n"));
    CHECK_FALSE(std::filesystem::exists(folder.path / "quiz_answers.tries.yaml"));

    QuizCommand explain;
    explain.answers = answers.string();
    explain.explain = true;
    CHECK(has(quiz(explain).out, "  4. phases-1024            RIGHT\n      From the lesson: 1024 / 16 = 64 phases."));
}

TEST_CASE("the solution's answers pass") {
    if (!std::filesystem::exists(std::filesystem::path(KIT_SOURCE_DIR) / "solutions")) return;  // the student kit
    const CommandRun run = check(std::filesystem::path(KIT_SOURCE_DIR) / "solutions/03-phase-loop/quiz_answers.yaml");
    CHECK(run.exit == 0);
    CHECK(has(run.out, "6/6 answers right\n"));
}

TEST_CASE("a broken record of tries is reported with the way to start over") {
    TempFolder folder("quiz-broken-tries");
    const auto answers = folder.path / "quiz_answers.yaml";
    writeText(answers, "lesson: lesson3\nanswers:\n  phases-1024: 60\n");
    writeText(folder.path / "quiz_answers.tries.yaml", "phases-1024: [60\n");
    const CommandRun run = check(answers);
    CHECK(run.exit == 1);
    CHECK(has(run.err, "quiz_answers.tries.yaml:1:14: not valid YAML: this '[' is never closed (grader quiz writes this file; "
                       "delete it to start your tries over)"));
}

TEST_CASE("--blank writes the starter's blank file, and never over a file") {
    TempFolder folder("quiz-blank");
    const auto path = folder.path / "quiz_answers.yaml";
    QuizCommand command;
    command.blank = path.string();
    CommandRun run = quiz(command);
    CHECK(run.exit == 0);
    CHECK(has(run.out, "wrote " + path.string() + ": the blank answers to the 6 questions of lesson3\nSee the questions: "));
    CHECK(readText(path) == readText(std::filesystem::path(KIT_SOURCE_DIR) / "starter/03-phase-loop/quiz_answers.yaml"));

    run = quiz(command);
    CHECK(run.exit == 2);
    CHECK(run.err == "grader: " + path.string() +
                         ": already exists (--blank writes a new file only: to start over, rename or delete yours first)\n");

    command.answers = path.string();
    CHECK(quiz(command).err == "grader: give either an answers file to check or --blank FILE to write, not both\n");
}

TEST_CASE("a missing answers file names the command that writes a blank one") {
    TempFolder folder("quiz-missing");
    const auto path = folder.path / "my answers.yaml";
    const CommandRun run = check(path);
    CHECK(run.exit == 2);
    CHECK(has(run.err, ": no such file (write a blank one: "));
    CHECK(has(run.err, " quiz lesson3 --blank '" + path.string() + "')\n"));
    CHECK(quiz(QuizCommand{}).err ==
          "grader: no answers file given (e.g. starter/03-phase-loop/quiz_answers.yaml; --blank FILE writes a blank one)\n");
}
