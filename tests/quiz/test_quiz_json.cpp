// The browser edition's JSON forms (quiz_json.h) and the answers file the
// page downloads (answersFileText): a sealed quiz reads back with every field
// and verdict it had; a plain one is refused; answers written however a
// student types them read back, from the file and from the page's JSON, as
// the same answers; a record of tries reads back.
#include <doctest/doctest.h>

#include "core/crypto.h"
#include "fixtures.h"
#include "quiz/answers.h"
#include "quiz/blank_answers.h"
#include "quiz/normal_form.h"
#include "quiz/quiz_json.h"
#include "quiz/sealed.h"

using namespace grader;

namespace {

const std::string& plainText() {
    static const std::string text = fixtures::sampleQuizYaml(fixtures::kAllSampleQuestions);
    return text;
}

Quiz sealedQuiz() { return studentKitQuiz(fixtures::parsedQuiz(plainText()), plainText(), true).value(); }

/// `text` as a JSON string; "null" stands for JSON's null.
std::string nlohmannQuoted(const std::string& text) {
    if (text == std::string("null")) return "null";
    std::string out = "\"";
    for (char c : text) out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

void checkSameAnswers(const Answers& a, const Answers& b, const Quiz& quiz) {
    CHECK(a.lesson == b.lesson);
    for (const auto& q : quiz.questions) {
        CAPTURE(q.id);
        const Answer *x = a.find(q.id), *y = b.find(q.id);
        const bool givenX = x && x->given, givenY = y && y->given;
        REQUIRE(givenX == givenY);
        if (!givenX) continue;
        CHECK(x->text == y->text);
        CHECK(x->items == y->items);
    }
}

}  // namespace

TEST_CASE("a sealed quiz reads back from its JSON with every field, and decides every answer alike") {
    const Quiz sealed = sealedQuiz();
    const auto json = sealedQuizJson(sealed);
    REQUIRE(json.ok());
    auto back = quizFromJson(*json);
    REQUIRE_MESSAGE(back.ok(), (back.ok() ? "" : back.error().format()));
    REQUIRE(back->questions.size() == sealed.questions.size());
    CHECK(back->lesson == sealed.lesson);
    for (size_t i = 0; i < sealed.questions.size(); ++i) {
        const Question &a = sealed.questions[i], &b = back->questions[i];
        CAPTURE(a.id);
        CHECK(a.id == b.id);
        CHECK(a.kind == b.kind);
        CHECK((a.text.en == b.text.en && a.text.ru == b.text.ru && a.hint.en == b.hint.en && a.hint.ru == b.hint.ru));
        CHECK(a.precision == b.precision);
        REQUIRE(a.options.size() == b.options.size());
        for (size_t k = 0; k < a.options.size(); ++k) CHECK((a.options[k].key == b.options[k].key && a.options[k].text.ru == b.options[k].text.ru));
        REQUIRE(b.sealed.has_value());
        CHECK((a.sealed->salt == b.sealed->salt && a.sealed->iterations == b.sealed->iterations && a.sealed->explanation == b.sealed->explanation &&
               a.sealed->reveal == b.sealed->reveal && a.sealed->locks.size() == b.sealed->locks.size()));
        for (size_t k = 0; k < a.sealed->locks.size(); ++k)
            CHECK((a.sealed->locks[k].check == b.sealed->locks[k].check && a.sealed->locks[k].key == b.sealed->locks[k].key));
        for (const auto& form : rightNormalForms(fixtures::parsedQuiz(plainText()).questions[i])) {
            CHECK(isRightAnswer(b, form));
            CHECK(explanationFor(b, form).has_value());
        }
        CHECK_FALSE(isRightAnswer(b, "zz"));
    }
    for (const char* hidden : {"1024 / 16 = 64 phases", "answer"}) CHECK_MESSAGE(json->find(hidden) == std::string::npos, hidden);
}

TEST_CASE("a plain quiz has no JSON form, and a damaged JSON is an error") {
    CHECK_FALSE(sealedQuizJson(fixtures::parsedQuiz(plainText())).ok());
    CHECK_FALSE(quizFromJson("{").ok());
    CHECK_FALSE(quizFromJson(R"({"lesson": "lesson3", "questions": [{"id": "x", "kind": "essay"}]})").ok());
}

TEST_CASE("answers however typed read back alike from the downloaded file and from the page's JSON") {
    const Quiz quiz = sealedQuiz();
    for (const auto& [phases, flops, barrier, steps] :
         std::vector<std::tuple<const char*, const char*, const char*, const char*>>{
             {"64", "2,147,483,648", "b", R"(["c", "b", "a"])"},
             {"two thousand", "-1", "(B)", R"(["a", "a"])"},
             {"null", " 42 ", "x: y", R"(["\"q\"", "#"])"},
             {"", "~", "e", "null"}}) {
        const std::string typedPhases = phases;  // a structured binding cannot be captured before C++20 in clang 14
        CAPTURE(typedPhases);
        const std::string page = std::string(R"({"lesson": "lesson3", "answers": {"phases": )") + nlohmannQuoted(phases) + ", \"flops\": " +
                                 nlohmannQuoted(flops) + ", \"barrier\": " + nlohmannQuoted(barrier) + ", \"steps\": " + steps + "}}";
        auto fromPage = answersFromJson(page, quiz);
        REQUIRE_MESSAGE(fromPage.ok(), (fromPage.ok() ? "" : fromPage.error().format()));
        const std::string file = answersFileText(quiz, fixtures::quizLesson3(), *fromPage);
        auto fromFile = parseAnswers(file, "quiz_answers.yaml", quiz);
        REQUIRE_MESSAGE(fromFile.ok(), (fromFile.ok() ? "" : fromFile.error().format() + "\n" + file));
        checkSameAnswers(*fromFile, *fromPage, quiz);
    }
    CHECK(answersFileText(quiz, fixtures::quizLesson3(), Answers{}) == blankAnswers(quiz, fixtures::quizLesson3()));
    CHECK_FALSE(answersFromJson(R"({"lesson": "lesson1", "answers": {}})", quiz).ok());
    CHECK_FALSE(answersFromJson(R"({"lesson": "lesson3", "answers": {"phasse": "64"}})", quiz).ok());
}

TEST_CASE("a record of tries reads back from the page's JSON") {
    TriesRecord record;
    record.add("phases", "63");
    record.add("phases", "65");
    record.add("steps", "abc");
    auto back = triesFromJson(triesJson(record));
    REQUIRE(back.ok());
    CHECK(back->wrong == record.wrong);
    CHECK_FALSE(triesFromJson(R"({"phases": "63"})").ok());
}
