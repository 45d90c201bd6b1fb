// The blank answers file: its layout, and that it is written only where no file is.
#include <doctest/doctest.h>

#include "quiz/answers.h"
#include "quiz/blank_answers.h"
#include "test_support.h"

using namespace grader;

namespace {

Quiz sampleQuiz() {
    auto quiz = parseQuiz(R"(lesson: lesson3
questions:
  - id: phases
    kind: numeric
    text: {en: 'For n = 1024 and TILE = 16, how many phases does the tiled kernel run, counting every one of them?', ru: 'Сколько фаз?'}
    answer: 256
    hint: {en: 'How many tiles fit across n?', ru: 'Сколько тайлов укладывается в n?'}
    explanation: {en: 'n / TILE.', ru: 'n / TILE.'}
  - id: barrier
    kind: choice
    text: {en: 'Which barrier?', ru: 'Какой барьер?'}
    choices:
      a: {en: 'after the loads', ru: 'после загрузки'}
      b: {en: 'after the compute', ru: 'после вычислений'}
      c: {en: 'none', ru: 'никакой'}
    answer: b
    hint: {en: 'Which one protects the overwrite?', ru: 'Какой охраняет перезапись?'}
    explanation: {en: 'The second protects the overwrite.', ru: 'Второй охраняет перезапись.'}
  - id: steps
    kind: order
    text: {en: 'Order one phase.', ru: 'Расставьте фазу по порядку.'}
    steps:
      a: {en: 'compute', ru: 'вычислить'}
      b: {en: 'sync', ru: 'барьер'}
      c: {en: 'load', ru: 'загрузить'}
    answer: [b, c, a]
    hint: {en: 'What must the compute wait for?', ru: 'Чего должно дождаться вычисление?'}
    explanation: {en: 'Load, sync, compute.', ru: 'Загрузка, барьер, вычисление.'}
)", "quiz.yaml");
    REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
    return *quiz;
}

Lesson lesson3() {
    Lesson lesson;
    lesson.id = lesson.label = "lesson3";
    lesson.number = 3;
    lesson.folder = "03-phase-loop";
    return lesson;
}

}  // namespace

TEST_CASE("the blank file lists every question under its text and the form of its answer, never a right one") {
    CHECK(blankAnswers(sampleQuiz(), lesson3()) ==
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
    auto answers = parseAnswers(blankAnswers(quiz, lesson3()), "quiz_answers.yaml", quiz);
    REQUIRE(answers.ok());
    for (const auto& r : gradeQuiz(quiz, *answers).results) CHECK(r.verdict == Verdict::Unanswered);
}

TEST_CASE("the blank file is written only where no file is") {
    TempFolder folder("blank");
    const auto path = folder.path / "quiz_answers.yaml";
    CHECK_FALSE(writeBlankAnswers(sampleQuiz(), lesson3(), path).has_value());
    CHECK(readText(path) == blankAnswers(sampleQuiz(), lesson3()));
    writeText(path, "mine");
    auto refused = writeBlankAnswers(sampleQuiz(), lesson3(), path);
    REQUIRE(refused.has_value());
    CHECK(refused->message == "already exists");
    CHECK(readText(path) == "mine");
    CHECK(writeBlankAnswers(sampleQuiz(), lesson3(), folder.path / "no-such-folder" / "q.yaml").has_value());
}
