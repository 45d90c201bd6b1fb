// The blank answers file: its layout, and that it is written only where no file is.
#include <doctest/doctest.h>

#include "fixtures.h"
#include "quiz/answers.h"
#include "quiz/blank_answers.h"
#include "test_support.h"

using namespace grader;

namespace {

/// The sample quiz's phases (a long text, answer 256), barrier (a third choice) and steps (another answer).
std::string sampleQuizText() {
    std::string yaml = fixtures::sampleQuizYaml({"phases", "barrier", "steps"});
    yaml = fixtures::edited(yaml, "'How many phases?'",
                            "'For n = 1024 and TILE = 16, how many phases does the tiled kernel run, counting every one of them?'");
    yaml = fixtures::edited(yaml, "answer: 64\n", "answer: 256\n");
    yaml = fixtures::edited(yaml, "{en: '1024 / 16 = 64 phases.', ru: '1024 / 16 = 64 фазы.'}", "{en: 'n / TILE.', ru: 'n / TILE.'}");
    yaml = fixtures::edited(yaml, "      b: {en: 'after the compute', ru: 'после вычислений'}\n",
                            "      b: {en: 'after the compute', ru: 'после вычислений'}\n      c: {en: 'none', ru: 'никакой'}\n");
    return fixtures::edited(yaml, "answer: [c, b, a]", "answer: [b, c, a]");
}

Quiz sampleQuiz() { return fixtures::parsedQuiz(sampleQuizText()); }

}  // namespace

TEST_CASE("the blank file lists every question under its text and the form of its answer, never a right one") {
    CHECK(blankAnswers(sampleQuiz(), fixtures::quizLesson3()) ==
          "# Lesson 3 quiz: your answers to the control questions of the lesson\n"
          "# (lessons/03-phase-loop/quiz.yaml). After each question id write your answer in\n"
          "# the form its comment gives. See the questions, their choices and hints for\n"
          "# wrong answers:\n"
          "#   build/grader/grader quiz lesson3 starter/03-phase-loop/quiz_answers.yaml\n"
          "# (add --lang ru for Russian). Checked by: ctest --test-dir build -L lesson3\n"
          "lesson: lesson3\n"
          "answers:\n"
          "  # For n = 1024 and TILE = 16, how many phases does the tiled kernel run,\n"
          "  # counting every one of them? (one number, like 100)\n"
          "  phases:\n"
          "  # Which barrier? (one letter among a-c)\n"
          "  barrier:\n"
          "  # Order one phase. (the letters a-c in order, each once, e.g. [c, a, b])\n"
          "  steps:\n");
}

TEST_CASE("the blank file parses, with every question unanswered") {
    const Quiz quiz = sampleQuiz();
    auto answers = parseAnswers(blankAnswers(quiz, fixtures::quizLesson3()), "quiz_answers.yaml", quiz);
    REQUIRE(answers.ok());
    for (const auto& r : gradeQuiz(quiz, *answers).results) CHECK(r.verdict == Verdict::Unanswered);
}

TEST_CASE("the blank file is written only where no file is") {
    TempFolder folder("blank");
    const auto path = folder.path / "quiz_answers.yaml";
    CHECK_FALSE(writeBlankAnswers(sampleQuiz(), fixtures::quizLesson3(), path).has_value());
    CHECK(readText(path) == blankAnswers(sampleQuiz(), fixtures::quizLesson3()));
    writeText(path, "mine");
    auto refused = writeBlankAnswers(sampleQuiz(), fixtures::quizLesson3(), path);
    REQUIRE(refused.has_value());
    CHECK(refused->message == "already exists");
    CHECK(readText(path) == "mine");
    CHECK(writeBlankAnswers(sampleQuiz(), fixtures::quizLesson3(), folder.path / "no-such-folder" / "q.yaml").has_value());
}
