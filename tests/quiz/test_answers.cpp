// A student's answers file: reading, grading each kind of question, and the texts.
#include <doctest/doctest.h>

#include "fixtures.h"
#include "quiz/answers.h"
#include "quiz/quiz_text.h"
#include "quiz/tries.h"

using namespace grader;

namespace {

/// The sample quiz: phases, flops, barrier (a or b) and steps.
Quiz sampleQuiz() { return fixtures::parsedQuiz(fixtures::sampleQuizYaml()); }

QuizResult graded(const std::string& answers) {
    static const Quiz quiz = sampleQuiz();
    auto parsed = parseAnswers("lesson: lesson3\nanswers:\n" + answers, "quiz_answers.yaml", quiz);
    REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? "" : parsed.error().format()));
    return gradeQuiz(quiz, *parsed);
}

Verdict verdictOf(const std::string& answers, size_t question) { return graded(answers).results.at(question).verdict; }

/// A report with its paragraphs unwrapped, to compare sentences whatever the line width.
std::string unwrapped(std::string report) {
    for (size_t at; (at = report.find("\n      ")) != std::string::npos;) report.replace(at, 7, " ");
    return report;
}

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
}

TEST_CASE("a numeric answer that is not one number is unusable, not wrong") {
    for (const char* written : {"sixty-four", "two thousand", "64 phases", "[5, 5]", "[64]", "64 or 65"}) {
        CAPTURE(written);
        CHECK(verdictOf(std::string("  phases: ") + written + "\n", 0) == Verdict::Unusable);
    }
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

TEST_CASE("readNumber refuses an answer longer than any number, however it is written (a long one once overflowed the stack)") {
    std::string thousands = "1";
    for (int i = 0; i < 30000; ++i) thousands += ",000";
    CHECK_FALSE(readNumber(thousands));
    CHECK_FALSE(readNumber(std::string(100000, '9')));
    CHECK(readNumber("2,147,483,648") == doctest::Approx(2147483648.0));
}

TEST_CASE("choice answers take one letter, in any case") {
    CHECK(verdictOf("  barrier: b\n", 2) == Verdict::Right);
    CHECK(verdictOf("  barrier: B\n", 2) == Verdict::Right);
    CHECK(verdictOf("  barrier: b)\n", 2) == Verdict::Right);
    CHECK(verdictOf("  barrier: a\n", 2) == Verdict::Wrong);
    for (const char* written : {"e", "ab", "[b]", "the second"}) {
        CAPTURE(written);
        CHECK(verdictOf(std::string("  barrier: ") + written + "\n", 2) == Verdict::Unusable);
    }
}

TEST_CASE("the report quotes a choice's text however the letter was written") {
    const Quiz quiz = sampleQuiz();
    for (const char* written : {"a", "A", "a)", "(a)"}) {
        const QuizResult r = graded(std::string("  barrier: '") + written + "'\n");
        CHECK(formatQuizReport(quiz, r, "quiz_answers.yaml", ReportOptions{}).find("(after the loads)") != std::string::npos);
    }
}

TEST_CASE("order answers are a list or a string of letters") {
    CHECK(verdictOf("  steps: [c, b, a]\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: c, b, a\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: cba\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: C -> B -> A\n", 3) == Verdict::Right);
    CHECK(verdictOf("  steps: [a, b, c]\n", 3) == Verdict::Wrong);
    for (const char* written : {"[c, c, a]", "[c, b]", "[c, b, a, d]", "c", "[cb, a]"}) {
        CAPTURE(written);
        CHECK(verdictOf(std::string("  steps: ") + written + "\n", 3) == Verdict::Unusable);
    }
}

TEST_CASE("an answer's key is the same however it is written") {
    CHECK(graded("  phases: 64.0\n").results[0].key == "64");
    CHECK(graded("  phases: '1,024'\n").results[0].key == "1024");
    CHECK(graded("  barrier: (A)\n").results[2].key == "a");
    CHECK(graded("  steps: C -> A -> B\n").results[3].key == "cab");
    CHECK(graded("  steps: [c, a, b]\n").results[3].key == "cab");
    CHECK(graded("  phases: lots\n").results[0].key.empty());
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
    CHECK(errorOf("lesson: lesson3\nanswers:\n  [phases]: 64\n") ==  // found by fuzz_quiz_answers: it used to throw
          "quiz_answers.yaml:3:3: a question id must be a name, as the starter's file lists them");
    CHECK(errorOf("[lesson]: lesson3\n") == "quiz_answers.yaml:1:1: quiz answers: a key must be a name, not a list");
}

TEST_CASE("the check's message names the first wrong answer with its hint") {
    const std::string message = quizCheckMessage(graded("  phases: 64\n  barrier: a\n  steps: [a, b, c]\n"), "q.yaml", "grader quiz lesson3 q.yaml");
    CHECK(message ==
          "1 of 4 answers right. 'barrier': your answer a is wrong. Hint: Which one protects the overwrite?\n"
          "Also wrong: steps. Not answered: flops.\n"
          "Every question with its hint: grader quiz lesson3 q.yaml");
    CHECK(quizCheckMessage(graded("  phases: 64\n  flops: 2147483648\n  barrier: b\n  steps: cba\n"), "q.yaml", "x") ==
          "all 4 answers are right");
}

TEST_CASE("the check's message gives the worked answer once enough different wrong answers were tried") {
    QuizResult result = graded("  phases: 64\n  barrier: a\n");
    TriesRecord record;
    record.add("barrier", "c");
    applyTries(result, record, 3);
    CHECK(result.results[2].tries == 2);
    CHECK_FALSE(result.results[2].revealed);
    record.add("barrier", "d");
    applyTries(result, record, 3);
    CHECK(result.results[2].revealed);
    CHECK(quizCheckMessage(result, "q.yaml", "cmd").find("'barrier': your answer a is wrong. From the lesson: The second protects the overwrite.") !=
          std::string::npos);
    applyTries(result, record, 0);  // 0: never
    CHECK_FALSE(result.results[2].revealed);
}

TEST_CASE("the check's message names an unusable answer and the form expected") {
    CHECK(quizCheckMessage(graded("  phases: sixty-four\n  flops: 2147483648\n  barrier: e\n  steps: cba\n"), "q.yaml", "cmd") ==
          "2 of 4 answers right. 'phases': your answer sixty-four is not in a usable form. Answer with one number, like 256.\n"
          "Not in a usable form: barrier.\n"
          "Every question with its hint: cmd");
    CHECK(quizCheckMessage(graded("  phases: 63\n  barrier: e\n"), "q.yaml", "cmd") ==
          "0 of 4 answers right. 'phases': your answer 63 is wrong. Hint: How many tiles fit across n?\n"
          "Not in a usable form: barrier. Not answered: flops, steps.\n"
          "Every question with its hint: cmd");
}

TEST_CASE("the report shows a hint and counts tries while an answer is wrong, the worked answer once revealed") {
    const Quiz quiz = sampleQuiz();
    QuizResult result = graded("  phases: 63\n  flops: 2147483648\n");
    TriesRecord record;
    applyTries(result, record, 3);
    ReportOptions options;
    options.explainCommand = "grader quiz lesson3 q.yaml --explain";
    const std::string report = formatQuizReport(quiz, result, "q.yaml", options);
    CHECK(report.find("Hint: How many tiles fit across n?\n      Wrong tries: 1 of 3 before the lesson's worked answer is shown.") !=
          std::string::npos);
    CHECK(report.find("1024 / 16 = 64") == std::string::npos);
    CHECK(report.find("The lesson's worked answers to your right answers: grader quiz lesson3 q.yaml --explain") != std::string::npos);
    record.add("phases", "60");
    record.add("phases", "62");
    applyTries(result, record, 3);
    CHECK(formatQuizReport(quiz, result, "q.yaml", options).find("From the lesson: 1024 / 16 = 64 phases.") != std::string::npos);
}

TEST_CASE("--explain adds the worked answer under each right answer") {
    const Quiz quiz = sampleQuiz();
    const QuizResult result = graded("  phases: 64\n  flops: 1\n");
    ReportOptions options;
    CHECK(formatQuizReport(quiz, result, "q.yaml", options).find("64 phases") == std::string::npos);
    options.explain = true;
    options.explainCommand = "x";
    const std::string report = formatQuizReport(quiz, result, "q.yaml", options);
    CHECK(report.find("  1. phases   RIGHT\n      From the lesson: 1024 / 16 = 64 phases.\n") != std::string::npos);
    CHECK(report.find("From the lesson: 2n^3.") == std::string::npos);  // flops is wrong: its hint only
    CHECK(report.find("--explain") == std::string::npos);
}

TEST_CASE("the report says what form an unanswered or unusable answer takes, in either language") {
    const Quiz quiz = sampleQuiz();
    ReportOptions options;
    const std::string report = unwrapped(formatQuizReport(quiz, graded("  barrier: e\n"), "q.yaml", options));
    CHECK(report.find("Your answer: e This answer is not in a usable form, so it is not counted as a try. Answer with "
                      "one letter among a, b.\n") != std::string::npos);
    CHECK(report.find("Give the letters a-c in order, each once, e.g. [b, c, a] (the form, not the answer).") != std::string::npos);
    CHECK(report.find("0/4 answers right, 1 not in a usable form\n") != std::string::npos);
    options.language = Language::Russian;
    const std::string ru = formatQuizReport(quiz, graded("  phases: много\n"), "q.yaml", options);
    CHECK(ru.find("НЕ РАЗОБРАН") != std::string::npos);
    CHECK(ru.find("Ответьте одним числом, например 256.") != std::string::npos);
    CHECK(ru.find("0/4 ответов верны, не разобрано: 1\n") != std::string::npos);
}

TEST_CASE("wrapText counts letters, not bytes") {
    CHECK(wrapText("один два три", 10, 2) == "один два\n  три");
    CHECK(wrapText("one two three", 80, 4) == "one two three");
}
