// quiz.yaml reading: a valid quiz, and a located error for each kind of mistake.
#include <doctest/doctest.h>

#include "quiz/quiz.h"

using namespace grader;

namespace {

const char* kValid = R"(lesson: lesson3
questions:
  - id: phases
    kind: numeric
    text: {en: 'How many phases?', ru: 'Сколько фаз?'}
    answer: 64
    tolerance: 0.5
    explanation: {en: 'n / TILE.', ru: 'n / TILE.'}
    hint: {en: 'How many tiles fit across n?', ru: 'Сколько тайлов укладывается в n?'}
  - id: barrier
    kind: choice
    text: {en: 'Which barrier?', ru: 'Какой барьер?'}
    choices:
      a: {en: 'after the loads', ru: 'после загрузки'}
      b: {en: 'after the compute', ru: 'после вычислений'}
    answer: b
    explanation: {en: 'The second protects the overwrite.', ru: 'Второй охраняет перезапись.'}
    hint: {en: 'Which one protects the overwrite?', ru: 'Какой охраняет перезапись?'}
  - id: steps
    kind: order
    text: {en: 'Order one phase.', ru: 'Расставьте фазу по порядку.'}
    steps:
      a: {en: 'compute', ru: 'вычислить'}
      b: {en: 'sync', ru: 'барьер'}
      c: {en: 'load', ru: 'загрузить'}
    answer: [c, b, a]
    explanation: {en: 'Load, sync, compute.', ru: 'Загрузка, барьер, вычисление.'}
    hint: {en: 'What must the compute wait for?', ru: 'Чего должно дождаться вычисление?'}
)";

std::string errorOf(const std::string& text) {
    auto quiz = parseQuiz(text, "quiz.yaml");
    REQUIRE_FALSE(quiz.ok());
    return quiz.error().format();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a valid quiz gives its questions, answers and both languages") {
    auto quiz = parseQuiz(kValid, "quiz.yaml");
    REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
    CHECK(quiz->lesson == "lesson3");
    REQUIRE(quiz->questions.size() == 3);
    const Question& phases = quiz->questions[0];
    CHECK(phases.kind == QuestionKind::Numeric);
    CHECK(phases.number == 64);
    CHECK(phases.tolerance == 0.5);
    CHECK(phases.text.in(Language::Russian) == "Сколько фаз?");
    const Question* barrier = quiz->find("barrier");
    REQUIRE(barrier);
    CHECK(barrier->choice == "b");
    CHECK(barrier->options.size() == 2);
    CHECK(barrier->explanation.en == "The second protects the overwrite.");
    CHECK(quiz->find("steps")->order == std::vector<std::string>{"c", "b", "a"});
    CHECK(quiz->ids() == std::vector<std::string>{"phases", "barrier", "steps"});
}

TEST_CASE("an unknown key is located and gets a suggestion") {
    CHECK(errorOf(replaced(kValid, "tolerance: 0.5", "tolerence: 0.5")) ==
          "quiz.yaml:7:5: question 'phases': unknown key 'tolerence', did you mean 'tolerance'?");
}

TEST_CASE("a key of another kind of question is an unknown key") {
    CHECK(errorOf(replaced(kValid, "tolerance: 0.5", "choices: {}")) == "quiz.yaml:7:5: question 'phases': unknown key 'choices'");
}

TEST_CASE("every question needs a hint, the way to its answer without the answer") {
    CHECK(errorOf(replaced(kValid, "    hint: {en: 'How many tiles fit across n?', ru: 'Сколько тайлов укладывается в n?'}\n", "")) ==
          "quiz.yaml:3:5: question 'phases': missing key 'hint'");
    auto quiz = parseQuiz(kValid, "quiz.yaml");
    REQUIRE(quiz.ok());
    CHECK(quiz->find("barrier")->hint.in(Language::Russian) == "Какой охраняет перезапись?");
}

TEST_CASE("a missing key names the key") {
    CHECK(errorOf(replaced(kValid, "    explanation: {en: 'n / TILE.', ru: 'n / TILE.'}\n", "")) ==
          "quiz.yaml:3:5: question 'phases': missing key 'explanation'");
    CHECK(errorOf(replaced(kValid, "    kind: numeric\n", "")) == "quiz.yaml:3:5: question 'phases': missing key 'kind' (numeric, choice or order)");
    CHECK(errorOf(replaced(kValid, "ru: 'Какой барьер?'", "de: 'Welche?'")) == "quiz.yaml:12:34: question 'barrier': text: unknown key 'de', did you mean 'en'?");
    CHECK(errorOf(replaced(kValid, "text: {en: 'Which barrier?', ru: 'Какой барьер?'}", "text: {en: 'Which barrier?'}")) ==
          "quiz.yaml:12:11: question 'barrier': text: missing key 'ru'");
}

TEST_CASE("a value of the wrong type names the type") {
    CHECK(errorOf(replaced(kValid, "answer: 64", "answer: sixty-four")) ==
          "quiz.yaml:6:13: question 'phases': answer must be a number, got 'sixty-four'");
    CHECK(errorOf(replaced(kValid, "text: {en: 'How many phases?', ru: 'Сколько фаз?'}", "text: How many phases?")) ==
          "quiz.yaml:5:11: question 'phases': text must be a mapping of keys to values");
    CHECK(errorOf(replaced(kValid, "answer: [c, b, a]", "answer: c")) ==
          "quiz.yaml:26:13: question 'steps': answer must be a non-empty list, e.g. [a, b, c]");
    CHECK(errorOf(replaced(kValid, "tolerance: 0.5", "tolerance: -1")) == "quiz.yaml:7:16: question 'phases': tolerance must be 0 or more");
    CHECK(errorOf(replaced(kValid, "kind: numeric", "kind: numerik")) ==
          "quiz.yaml:4:11: unknown question kind 'numerik': numeric, choice or order, did you mean 'numeric'?");
}

TEST_CASE("a duplicate question id is refused with the first one's line") {
    CHECK(errorOf(replaced(kValid, "id: steps", "id: phases")) == "quiz.yaml:19:9: duplicate question id 'phases' (first at line 3)");
}

TEST_CASE("a choice answer must be one of the choices") {
    CHECK(errorOf(replaced(kValid, "answer: b", "answer: e")) ==
          "quiz.yaml:16:13: question 'barrier': answer 'e' is not among the choices a, b");
    CHECK(errorOf(replaced(kValid, "      b: {en: 'after the compute', ru: 'после вычислений'}\n", "")) ==
          "quiz.yaml:14:7: question 'barrier': choices must be a mapping of at least two lettered entries, e.g. a: {en: ..., ru: ...}");
    CHECK(errorOf(replaced(kValid, "      a: {en: 'after", "      aa: {en: 'after")) ==
          "quiz.yaml:14:7: question 'barrier': choices: 'aa' is not a letter a .. z");
}

TEST_CASE("an order answer must be a permutation of the steps") {
    CHECK(errorOf(replaced(kValid, "answer: [c, b, a]", "answer: [c, b, d]")) ==
          "quiz.yaml:26:20: question 'steps': answer must be an order of the steps a, b, c; 'd' is not a step");
    CHECK(errorOf(replaced(kValid, "answer: [c, b, a]", "answer: [c, c, a]")) ==
          "quiz.yaml:26:17: question 'steps': answer must list each step once; 'c' is listed twice");
    CHECK(errorOf(replaced(kValid, "answer: [c, b, a]", "answer: [c, b]")) ==
          "quiz.yaml:26:13: question 'steps': answer must list every step; 'a' is missing");
}

TEST_CASE("top-level mistakes and broken YAML are located") {
    CHECK(errorOf(replaced(kValid, "lesson: lesson3\n", "lesson: lesson3\ntitle: x\n")) == "quiz.yaml:2:1: quiz: unknown key 'title'");
    CHECK(errorOf("lesson: lesson3\nquestions: []\n") == "quiz.yaml:2:12: quiz: questions must be a non-empty list");
    CHECK(errorOf("lesson: lesson3\nquestions: [unclosed\n") ==
          "quiz.yaml:2:12: not valid YAML: this '[' is never closed (close the list with ']')");
    CHECK(errorOf(replaced(kValid, "answer: [c, b, a]", "answer: [c, b, a")) ==
          "quiz.yaml:26:13: not valid YAML: this '[' is never closed (close the list with ']')");
    CHECK(errorOf(replaced(kValid, "id: barrier", "id: Barrier 2")) ==
          "quiz.yaml:10:9: question id 'Barrier 2' must be lowercase letters, digits and '-'");
}

TEST_CASE("the examples of an answer's form are never a right answer") {
    auto quiz = parseQuiz(kValid, "quiz.yaml");
    REQUIRE(quiz.ok());
    CHECK(exampleNumber(*quiz->find("phases")) == "256");
    Question near256 = *quiz->find("phases");
    near256.number = 256.4;
    CHECK(exampleNumber(near256) == "100");
    near256.tolerance = 1000;  // 256, 100, 42 and 1000 are all right: the powers of ten follow
    CHECK(exampleNumber(near256) == "10000");

    Question steps = *quiz->find("steps");
    CHECK(exampleOrder(steps) == "[b, c, a]");  // no step in its listed place
    steps.order = {"b", "c", "a"};
    CHECK(exampleOrder(steps) == "[c, a, b]");
    steps.options.pop_back();  // two steps: [b, a] is the only order without a step in place
    steps.order = {"a", "b"};
    CHECK(exampleOrder(steps) == "[b, a]");
    steps.order = {"b", "a"};
    CHECK(exampleOrder(steps) == "[a, b]");
}

TEST_CASE("option keys read as a range when they run on from a") {
    auto quiz = parseQuiz(kValid, "quiz.yaml");
    REQUIRE(quiz.ok());
    CHECK(keyRange(quiz->find("steps")->options) == "a-c");
    CHECK(keyRange(quiz->find("barrier")->options) == "a, b");
    std::vector<QuizOption> gap = quiz->find("steps")->options;
    gap[1].key = "e";
    CHECK(keyRange(gap) == "a, e, c");
}

TEST_CASE("the language codes") {
    CHECK(parseLanguage("ru").value() == Language::Russian);
    CHECK(parseLanguage("en").value() == Language::English);
    CHECK_FALSE(parseLanguage("de").ok());
}
