// A student's answers file: reading, grading each kind of question, and the texts.
#include <doctest/doctest.h>

#include "quiz/answers.h"
#include "quiz/quiz_text.h"

using namespace grader;

namespace {

Quiz sampleQuiz() {
    auto quiz = parseQuiz(R"(lesson: lesson3
questions:
  - id: phases
    kind: numeric
    text: {en: 'How many phases?', ru: 'Сколько фаз?'}
    answer: 64
    explanation: {en: '1024 / 16 = 64 phases.', ru: '1024 / 16 = 64 фазы.'}
  - id: flops
    kind: numeric
    text: {en: 'How many flops?', ru: 'Сколько операций?'}
    answer: 2147483648
    tolerance: 1.0e7
    explanation: {en: '2n^3.', ru: '2n^3.'}
  - id: barrier
    kind: choice
    text: {en: 'Which barrier?', ru: 'Какой барьер?'}
    choices:
      a: {en: 'after the loads', ru: 'после загрузки'}
      b: {en: 'after the compute', ru: 'после вычислений'}
    answer: b
    explanation: {en: 'The second protects the overwrite.', ru: 'Второй охраняет перезапись.'}
  - id: steps
    kind: order
    text: {en: 'Order one phase.', ru: 'Расставьте фазу по порядку.'}
    steps:
      a: {en: 'compute', ru: 'вычислить'}
      b: {en: 'sync', ru: 'барьер'}
      c: {en: 'load', ru: 'загрузить'}
    answer: [c, b, a]
    explanation: {en: 'Load, sync, compute.', ru: 'Загрузка, барьер, вычисление.'}
)", "quiz.yaml");
    REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
    return *quiz;
}

QuizResult graded(const std::string& answers) {
    static const Quiz quiz = sampleQuiz();
    auto parsed = parseAnswers("lesson: lesson3\nanswers:\n" + answers, "quiz_answers.yaml", quiz);
    REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? "" : parsed.error().format()));
    return gradeQuiz(quiz, *parsed);
}

Verdict verdictOf(const std::string& answers, size_t question) { return graded(answers).results.at(question).verdict; }

std::string errorOf(const std::string& text) {
    static const Quiz quiz = sampleQuiz();
    auto parsed = parseAnswers(text, "quiz_answers.yaml", quiz);
    REQUIRE_FALSE(parsed.ok());
    return parsed.error().format();
}

}  // namespace

TEST_CASE("empty answers are unanswered, so a fresh starter fails") {
    const QuizResult r = graded("  phases:\n  barrier:\n  steps: []\n");
    CHECK(r.right() == 0);
    CHECK(r.total() == 4);
    for (const auto& q : r.results) CHECK(q.verdict == Verdict::Unanswered);
}

TEST_CASE("numeric answers are compared within the tolerance, written as people write them") {
    CHECK(verdictOf("  phases: 64\n", 0) == Verdict::Right);
    CHECK(verdictOf("  phases: 64.0\n", 0) == Verdict::Right);
    CHECK(verdictOf("  phases: 63\n", 0) == Verdict::Wrong);
    CHECK(verdictOf("  flops: 2,147,483,648\n", 1) == Verdict::Right);
    CHECK(verdictOf("  flops: 2 147 483 648\n", 1) == Verdict::Right);
    CHECK(verdictOf("  flops: 2.15e9\n", 1) == Verdict::Right);
    CHECK(verdictOf("  flops: 2.1e9\n", 1) == Verdict::Wrong);
    const QuizResult r = graded("  phases: sixty-four\n");
    CHECK(r.results[0].verdict == Verdict::Wrong);
    CHECK(r.results[0].problem == AnswerProblem::NotANumber);
}

TEST_CASE("readNumber reads thousands separators and a decimal comma") {
    CHECK(readNumber("8119,5").value() == doctest::Approx(8119.5));
    CHECK(readNumber("1,024").value() == 1024);
    CHECK(readNumber("1_000").value() == 1000);
    CHECK(readNumber(" -3 ").value() == -3);
    CHECK_FALSE(readNumber("").has_value());
    CHECK_FALSE(readNumber("64 phases").has_value());
    CHECK_FALSE(readNumber("nan").has_value());
}

TEST_CASE("choice answers take one letter, in any case") {
    CHECK(verdictOf("  barrier: b\n", 2) == Verdict::Right);
    CHECK(verdictOf("  barrier: B\n", 2) == Verdict::Right);
    CHECK(verdictOf("  barrier: b)\n", 2) == Verdict::Right);
    CHECK(verdictOf("  barrier: a\n", 2) == Verdict::Wrong);
    const QuizResult r = graded("  barrier: e\n");
    CHECK(r.results[2].problem == AnswerProblem::NotAChoice);
}

TEST_CASE("the report quotes a choice's text however the letter was written") {
    const Quiz quiz = sampleQuiz();
    for (const char* written : {"a", "A", "a)", "(a)"}) {
        const QuizResult r = graded(std::string("  barrier: '") + written + "'\n");
        CHECK(formatQuizReport(quiz, r, "quiz_answers.yaml", Language::English, false).find("(after the loads)") != std::string::npos);
    }
}

TEST_CASE("order answers are a list or a string of letters") {
    CHECK(verdictOf("  steps: [c, b, a]\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: c, b, a\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: cba\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: C -> B -> A\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: [a, b, c]\n", 3) == Verdict::Wrong);
    const QuizResult r = graded("  steps: [c, c, a]\n");
    CHECK(r.results[3].verdict == Verdict::Wrong);
    CHECK(r.results[3].problem == AnswerProblem::NotAnOrder);
}

TEST_CASE("an answers file that cannot be read is a located error") {
    CHECK(errorOf("lesson: lesson3\nanswers:\n  phasse: 64\n") ==
          "quiz_answers.yaml:3:3: lesson lesson3's quiz has no question 'phasse', did you mean 'phases'?");
    CHECK(errorOf("lesson: lesson2\nanswers:\n  phases: 64\n") ==
          "quiz_answers.yaml:1:9: these answers are for lesson2, not for lesson3 (each lesson's folder has its own quiz_answers.yaml)");
    CHECK(errorOf("lesson: lesson3\nanswers:\n  phases: 64\n  phases: 65\n") == "quiz_answers.yaml:4:3: question 'phases' is answered twice");
    CHECK(errorOf("lesson: lesson3\nanwsers:\n") == "quiz_answers.yaml:2:1: quiz answers: unknown key 'anwsers', did you mean 'answers'?");
    CHECK(errorOf("lesson: lesson3\nanswers:\n  phases: {a: 1}\n") ==
          "quiz_answers.yaml:3:11: question 'phases': the answer must be a number, a letter or a list of letters");
}

TEST_CASE("the check's message names the first wrong answer with its explanation") {
    const std::string message = quizCheckMessage(graded("  phases: 64\n  barrier: a\n  steps: [a, b, c]\n"), "q.yaml", "grader quiz lesson3 q.yaml");
    CHECK(message ==
          "1 of 4 answers right. 'barrier': your answer a is wrong. The second protects the overwrite.\n"
          "Also wrong: steps. Not answered: flops.\n"
          "Every question with its explanation: grader quiz lesson3 q.yaml");
    CHECK(quizCheckMessage(graded("  phases: 64\n  flops: 2147483648\n  barrier: b\n  steps: cba\n"), "q.yaml", "x") ==
          "all 4 answers are right");
}

TEST_CASE("wrapText counts letters, not bytes") {
    CHECK(wrapText("один два три", 10, 2) == "один два\n  три");
    CHECK(wrapText("one two three", 80, 4) == "one two three");
}
