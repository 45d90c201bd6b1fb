// The record of wrong tries: its file beside the answers, reading it back,
// what counts as a new try, and when the worked answer is revealed.
#include <doctest/doctest.h>

#include "fixtures.h"
#include "quiz/tries.h"

using namespace grader;

namespace {

/// The sample quiz's phases and steps.
Quiz sampleQuiz() { return fixtures::parsedQuiz(fixtures::sampleQuizYaml({"phases", "steps"})); }

QuizResult graded(const std::string& answers) {
    static const Quiz quiz = sampleQuiz();
    auto parsed = parseAnswers("lesson: lesson3\nanswers:\n" + answers, "quiz_answers.yaml", quiz);
    REQUIRE(parsed.ok());
    return gradeQuiz(quiz, *parsed);
}

}  // namespace

TEST_CASE("the record lives beside the answers file") {
    CHECK(triesPath("starter/03-phase-loop/quiz_answers.yaml") == "starter/03-phase-loop/quiz_answers.tries.yaml");
    CHECK(triesPath("answers.yml") == "answers.tries.yaml");
}

TEST_CASE("a different wrong answer is a new try; the same one, written otherwise, or an unusable one is not") {
    TriesRecord record;
    CHECK(recordWrongAnswers(record, graded("  phases: 63\n  steps: [a, b, c]\n")));
    CHECK(record.count("phases") == 1);
    CHECK(record.count("steps") == 1);
    CHECK_FALSE(recordWrongAnswers(record, graded("  phases: 63.0\n  steps: abc\n")));
    CHECK_FALSE(recordWrongAnswers(record, graded("  phases: sixty\n  steps: [a, a, c]\n")));
    CHECK_FALSE(recordWrongAnswers(record, graded("  phases: 64\n  steps: [c, b, a]\n")));  // right answers are no tries
    CHECK(recordWrongAnswers(record, graded("  phases: 65\n")));
    CHECK(record.wrong.at("phases") == std::vector<std::string>{"63", "65"});
}

TEST_CASE("the record reads back what it wrote") {
    TriesRecord record;
    record.add("steps", "abc");
    record.add("phases", "63");
    record.add("phases", "2.1e+09");
    const std::string text = formatTries(record);
    CHECK(text.substr(text.find("\nphases")) == "\nphases: [63, 2.1e+09]\nsteps: [abc]\n");
    auto back = parseTries(text, "t.yaml");
    REQUIRE(back.ok());
    CHECK(back->wrong == record.wrong);
    CHECK(parseTries("", "t.yaml")->wrong.empty());
}

TEST_CASE("a record with odd ids and answers reads back the same once written (found by fuzz_quiz_answers)") {
    TriesRecord record;
    record.add(std::string("miss\xff\b\0ng-barrier: x", 20), "[c, a]");
    record.add("-phases", "null # not a comment");
    record.add("steps", "abc");
    const std::string text = formatTries(record);
    CHECK(text.find("\nsteps: [abc]\n") != std::string::npos);  // plain words stay plain
    auto back = parseTries(text, "t.yaml");
    REQUIRE_MESSAGE(back.ok(), text);
    CHECK(back->wrong == record.wrong);
}

TEST_CASE("a broken record is a located error that says how to start over") {
    auto broken = parseTries("phases: [63\n", "t.yaml");
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().format() ==
          "t.yaml:1:9: not valid YAML: this '[' is never closed (grader quiz writes this file; delete it to start your tries over)");
    auto shape = parseTries("phases: {a: 1}\n", "t.yaml");
    REQUIRE_FALSE(shape.ok());
    CHECK(shape.error().format() ==
          "t.yaml:1:9: question 'phases' must be a non-empty list, e.g. [a, b, c] (grader quiz writes this file; delete it to start your tries over)");
}

TEST_CASE("a record whose question id is a list or empty is a located error, never thrown (found by fuzz_quiz_answers)") {
    auto listed = parseTries("[a]: [b]\n", "t.yaml");
    REQUIRE_FALSE(listed.ok());
    CHECK(listed.error().format() == "t.yaml:1:1: a question id must be a string (grader quiz writes this file; delete it to start your tries over)");
    CHECK_FALSE(parseTries("? \n: [b]\n", "t.yaml").ok());
}

TEST_CASE("the worked answer is revealed from the Nth different wrong answer, this one included; never with 0") {
    QuizResult result = graded("  phases: 63\n");
    TriesRecord record;
    applyTries(result, record, 2);
    CHECK(result.results[0].tries == 1);
    CHECK_FALSE(result.results[0].revealed);
    record.add("phases", "63");  // recorded already: not counted twice
    applyTries(result, record, 2);
    CHECK(result.results[0].tries == 1);
    record.add("phases", "60");
    applyTries(result, record, 2);
    CHECK(result.results[0].tries == 2);
    CHECK(result.results[0].revealed);
    applyTries(result, record, 0);
    CHECK_FALSE(result.results[0].revealed);
    CHECK(result.results[1].tries == 0);  // unanswered: no tries
}

TEST_CASE("course.yaml's reveal_after_tries, else 3") {
    Lesson lesson;
    CHECK(revealAfterTries(lesson) == kDefaultRevealAfterTries);
    CheckSpec quiz;
    quiz.name = "quiz";
    lesson.checks.push_back(quiz);
    CHECK(revealAfterTries(lesson) == 3);
    lesson.checks[0].params["reveal_after_tries"] = 5L;
    CHECK(revealAfterTries(lesson) == 5);
}
