// Sealed quizzes: the text the student kit holds has no answer and no worked
// answer in it, reads back, and grades every answer as the plain quiz does;
// a right answer opens its worked answer, wrong tries open it only where the
// quiz was sealed revealable; a changed byte opens nothing; a broken sealed
// entry is a located error.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/crypto.h"
#include "fixtures.h"
#include "quiz/answers.h"
#include "quiz/normal_form.h"
#include "quiz/sealed.h"
#include "quiz/tries.h"

using namespace grader;

namespace {

/// The whole sample quiz, phases with a tolerance, each worked answer written out in words (the sealed text must hide them).
const std::string& plainText() {
    static const std::string text = [] {
        std::string yaml = fixtures::sampleQuizYaml(fixtures::kAllSampleQuestions);
        yaml = fixtures::edited(yaml, "answer: 64\n", "answer: 64\n    tolerance: 2\n");
        yaml = fixtures::edited(yaml, "{en: '1024 / 16 = 64 phases.', ru: '1024 / 16 = 64 фазы.'}",
                                "{en: 'Sixty-four: 1024 / 16 phases.', ru: 'Шестьдесят четыре: 1024 / 16 фаз.'}");
        yaml = fixtures::edited(yaml, "{en: '2n^3.', ru: '2n^3.'}", "{en: 'Two n cubed, two giga-operations.', ru: 'Два n в кубе, две гигаоперации.'}");
        yaml = fixtures::edited(yaml, "      b: {en: 'after the compute', ru: 'после вычислений'}\n",
                                "      b: {en: 'after the compute', ru: 'после вычислений'}\n      c: {en: 'none', ru: 'никакой'}\n");
        return fixtures::edited(yaml, "{en: 'Load, sync, compute.', ru: 'Загрузка, барьер, вычисление.'}",
                                "{en: 'Load, sync, compute: in that order.', ru: 'Загрузка, барьер, вычисление: именно так.'}");
    }();
    return text;
}

Quiz plainQuiz() { return fixtures::parsedQuiz(plainText()); }

/// The quiz as the student kit holds it: sealed, written and read back.
Quiz studentQuiz(bool revealable, const std::string& secret = sha256(plainText())) {
    auto sealed = sealQuiz(plainQuiz(), secret, revealable);
    REQUIRE(sealed.ok());
    auto text = sealedQuizYaml(*sealed);
    REQUIRE(text.ok());
    auto back = parseQuiz(*text, "quiz.yaml");
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().format()));
    return *back;
}

std::string studentText(bool revealable) { return sealedQuizYaml(*sealQuiz(plainQuiz(), sha256(plainText()), revealable)).value(); }

/// Every normal form worth trying for `q`: numbers around and away from the answer, every choice, every order.
std::vector<std::string> tries(const Question& q) {
    std::vector<std::string> forms;
    if (q.kind == QuestionKind::Numeric) {
        for (double x : {0.0, 1.0, 16.0, 60.0, 61.0, 61.6, 62.0, 63.0, 64.0, 65.0, 66.0, 66.4, 66.6, 67.0, 128.0, 0.23, 0.235, 0.24, 0.25,
                         0.26, 0.265, 0.27, 2.1e9, 2.137e9, 2.138e9, 2147483648.0, 2.15e9, 2.157e9, 2.158e9, -64.0})
            forms.push_back(numberNormalForm(x, q.precision));
    } else if (q.kind == QuestionKind::Choice) {
        for (const auto& o : q.options) forms.push_back(o.key);
    } else {
        std::string keys;
        for (const auto& o : q.options) keys += o.key;
        std::sort(keys.begin(), keys.end());
        do forms.push_back(keys);
        while (std::next_permutation(keys.begin(), keys.end()));
    }
    return forms;
}

bool sameText(const std::optional<Bilingual>& a, const std::optional<Bilingual>& b) {
    return a.has_value() == b.has_value() && (!a || (a->en == b->en && a->ru == b->ru));
}

}  // namespace

TEST_CASE("the sealed text holds no answer, tolerance or worked answer, and reads back sealed") {
    const std::string text = studentText(true);
    for (const char* hidden : {"answer:", "tolerance:", "2147483648", "Sixty-four", "Шестьдесят", "Two n cubed", "A quarter",
                               "The second protects", "Второй охраняет", "Load, sync, compute", "[c, b, a]"})
        CHECK_MESSAGE(text.find(hidden) == std::string::npos, hidden);
    for (const char* shown : {"How many phases?", "Сколько фаз?", "after the compute", "What must the compute wait for?", "precision: 1000000"})
        CHECK_MESSAGE(text.find(shown) != std::string::npos, shown);
    // No unsalted hash of a right answer either.
    for (const char* form : {"64", "b", "cba", "0.25"}) CHECK(text.find(toHex(sha256(form))) == std::string::npos);
    const Quiz quiz = studentQuiz(true);
    REQUIRE(quiz.questions.size() == 5);
    for (const auto& q : quiz.questions) {
        CAPTURE(q.id);
        REQUIRE(q.sealed.has_value());
        CHECK(q.sealed->iterations == kSealIterations);
        CHECK(q.explanation.en.empty());
    }
    CHECK(quiz.find("phases")->sealed->locks.size() == 5);  // 62 .. 66
    CHECK(quiz.find("flops")->sealed->locks.size() == 20);
    CHECK(quiz.find("flops")->precision == 6);
    CHECK(quiz.find("ratio")->precision == -2);
    CHECK(quiz.find("barrier")->options.size() == 3);
}

TEST_CASE("the sealed quiz decides every answer as the plain one, and a right answer opens the same worked answer") {
    const Quiz plain = plainQuiz(), sealed = studentQuiz(false);
    int right = 0, wrong = 0;
    for (size_t i = 0; i < plain.questions.size(); ++i) {
        const Question &p = plain.questions[i], &s = sealed.questions[i];
        for (const std::string& form : tries(p)) {
            CAPTURE(p.id);
            CAPTURE(form);
            const bool isRight = isRightAnswer(p, form);
            CHECK(isRightAnswer(s, form) == isRight);
            CHECK(sameText(explanationFor(s, form), explanationFor(p, form)));
            (isRight ? right : wrong)++;
        }
    }
    CHECK(right >= 5 + 1 + 3 + 1 + 1);
    CHECK(wrong > right);
}

TEST_CASE("graded through the answers file, both quizzes give the same verdicts, keys and worked answers") {
    const Quiz plain = plainQuiz(), sealed = studentQuiz(true);
    const std::string answers = "lesson: lesson3\nanswers:\n  phases: 65.2\n  flops: 2.15e9\n  ratio: '0,3'\n  barrier: (A)\n  steps: c -> b -> a\n";
    const QuizResult a = gradeQuiz(plain, *parseAnswers(answers, "a.yaml", plain));
    const QuizResult b = gradeQuiz(sealed, *parseAnswers(answers, "a.yaml", sealed));
    REQUIRE(a.total() == b.total());
    CHECK(a.right() == 3);
    for (int i = 0; i < a.total(); ++i) {
        CHECK(a.results[i].verdict == b.results[i].verdict);
        CHECK(a.results[i].key == b.results[i].key);
        CHECK(sameText(a.results[i].explanation, b.results[i].explanation));
    }
    CHECK(exampleNumber(*sealed.find("phases")) == exampleNumber(*plain.find("phases")));
    CHECK(exampleOrder(*sealed.find("steps")) == exampleOrder(*plain.find("steps")));
}

TEST_CASE("wrong tries reveal a worked answer only where the quiz was sealed revealable") {
    const Quiz plain = plainQuiz();
    const std::string answers = "lesson: lesson3\nanswers:\n  barrier: a\n";
    for (bool revealable : {true, false}) {
        CAPTURE(revealable);
        CHECK((studentText(revealable).find("reveal:") != std::string::npos) == revealable);
        const Quiz sealed = studentQuiz(revealable);
        QuizResult result = gradeQuiz(sealed, *parseAnswers(answers, "a.yaml", sealed));
        TriesRecord record;
        record.add("barrier", "c");
        applyTries(result, record, 2);
        const QuestionResult& barrier = result.results[3];
        CHECK(barrier.verdict == Verdict::Wrong);
        CHECK(barrier.tries == 2);
        CHECK(barrier.revealed == revealable);
        CHECK(sameText(barrier.explanation, revealable ? std::optional<Bilingual>(plain.find("barrier")->explanation) : std::nullopt));
        CHECK(sameText(revealedExplanation(*sealed.find("steps")), revealable ? revealedExplanation(*plain.find("steps")) : std::nullopt));
    }
}

TEST_CASE("the same quiz seals to the same bytes; another secret or question gets other salts") {
    CHECK(studentText(true) == studentText(true));
    const Quiz one = studentQuiz(true), other = studentQuiz(true, sha256("another quiz text"));
    CHECK(one.questions[0].sealed->salt != other.questions[0].sealed->salt);
    CHECK(one.questions[0].sealed->salt != one.questions[1].sealed->salt);
    CHECK(isRightAnswer(other.questions[0], "64"));
}

TEST_CASE("a changed byte opens nothing") {
    Quiz quiz = studentQuiz(true);
    Question& barrier = quiz.questions[3];
    REQUIRE(explanationFor(barrier, "b").has_value());
    Question changedCheck = barrier;
    changedCheck.sealed->locks[0].check[0] ^= 1;
    CHECK_FALSE(isRightAnswer(changedCheck, "b"));
    Question changedText = barrier;
    changedText.sealed->explanation[20] ^= 1;
    CHECK(isRightAnswer(changedText, "b"));
    CHECK_FALSE(explanationFor(changedText, "b").has_value());
    CHECK_FALSE(revealedExplanation(changedText).has_value());
    CHECK_FALSE(isRightAnswer(barrier, ""));
}

TEST_CASE("sealing twice, or writing a plain question as sealed, is an error") {
    const auto twice = sealQuiz(studentQuiz(true), "secret", true);
    REQUIRE_FALSE(twice.ok());
    CHECK(twice.error().message == "question 'phases' is sealed already");
    const auto plainText = sealedQuizYaml(plainQuiz());
    REQUIRE_FALSE(plainText.ok());
    CHECK(plainText.error().message == "question 'phases' is not sealed");
}

TEST_CASE("a broken sealed entry is a located error") {
    const std::string text = studentText(true);
    const auto errorOf = [](const std::string& broken) {
        auto quiz = parseQuiz(broken, "quiz.yaml");
        REQUIRE_FALSE(quiz.ok());
        return quiz.error().format();
    };
    const auto replaced = [&text](const std::string& from, const std::string& to) {
        std::string changed = text;
        const size_t at = changed.find(from);
        REQUIRE(at != std::string::npos);
        return changed.replace(at, from.size(), to);
    };
    const size_t salt = text.find("salt: ") + 6;
    const std::string saltHex = text.substr(salt, 32);
    CHECK(errorOf(replaced(saltHex, saltHex.substr(2))).find("question 'phases': sealed: salt must be 16 bytes in hex") != std::string::npos);
    CHECK(errorOf(replaced("iterations: 20000", "iterations: 0")).find("sealed: iterations must be 1 or more") != std::string::npos);
    CHECK(errorOf(replaced("    precision: 1\n", "")).find("question 'phases': missing key 'precision'") != std::string::npos);
    CHECK(errorOf(replaced("    precision: 1\n", "    precision: 3\n")).find("precision must be a power of ten") != std::string::npos);
    CHECK(errorOf(replaced("explanation: ", "explanation: '*'\n      old: ")).find("sealed: unknown key 'old'") != std::string::npos);
    const size_t lock = text.find("        - [");
    const size_t end = text.find('\n', lock);
    CHECK(errorOf(replaced(text.substr(lock, end - lock), "        - [ab]")).find("each lock must be a [check, key] pair") != std::string::npos);
}
