// The kit's own quizzes, for each lesson whose quiz check the kit's
// course.yaml lists: its quiz.yaml is valid and asks each kind of question;
// no hint gives a numeric answer away; the starter's answers file is the
// blank file made from the quiz (what `grader quiz --blank` writes) and lists
// every question with an empty answer; the solutions' answers (where the kit
// has them) are all right.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>

#include "checks/check_table.h"
#include "core/course.h"
#include "core/toolchain.h"
#include "quiz/answers.h"
#include "quiz/blank_answers.h"

using namespace grader;

TEST_CASE("every quiz the course lists is valid, asks every kind of question and has its starter answers file") {
    auto course = loadCourse(KIT_COURSE);
    REQUIRE(course.ok());
    for (const auto& lesson : course->lessons) {
        CAPTURE(lesson.id);
        if (!lesson.findCheck("quiz")) continue;  // the instructor took this lesson's quiz out
        auto quiz = loadLessonQuiz(*course, lesson);
        REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
        CHECK(quiz->questions.size() >= 5);
        bool kinds[3] = {};
        for (const auto& q : quiz->questions) kinds[static_cast<int>(q.kind)] = true;
        CHECK((kinds[0] && kinds[1] && kinds[2]));

        const auto starter = course->root / "starter" / lesson.folder / "quiz_answers.yaml";
        std::string starterText;
        REQUIRE(readFile(starter, starterText));
        CHECK_MESSAGE(starterText == blankAnswers(*quiz, lesson),
                      "regenerate it: rm " << starter.string() << " && build/grader/grader quiz " << lesson.id << " --blank " << starter.string());
        auto blank = loadAnswers(starter, starter.string(), *quiz);
        REQUIRE_MESSAGE(blank.ok(), (blank.ok() ? "" : blank.error().format()));
        CHECK(blank->answers.size() == quiz->questions.size());
        CHECK(gradeQuiz(*quiz, *blank).right() == 0);
        for (const auto& r : gradeQuiz(*quiz, *blank).results) CHECK(r.verdict == Verdict::Unanswered);

        const auto solution = course->root / "solutions" / lesson.folder / "quiz_answers.yaml";
        if (!std::filesystem::exists(solution)) continue;  // the student kit has no solutions
        auto right = loadAnswers(solution, solution.string(), *quiz);
        REQUIRE_MESSAGE(right.ok(), (right.ok() ? "" : right.error().format()));
        CHECK(gradeQuiz(*quiz, *right).right() == gradeQuiz(*quiz, *right).total());
    }
}

namespace {

/// Whether `text` holds `number` as a number of its own (not as a part of 1024 or 2n).
bool holdsNumber(const std::string& text, const std::string& number) {
    for (size_t at = text.find(number); at != std::string::npos; at = text.find(number, at + 1)) {
        const bool before = at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '.');
        const size_t end = at + number.size();
        const bool after = end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                                 (text[end] == '.' && end + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[end + 1]))));
        if (!before && !after) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("no hint of the kit's quizzes names the answer to a numeric question") {
    auto course = loadCourse(KIT_COURSE);
    REQUIRE(course.ok());
    for (const auto& lesson : course->lessons) {
        if (!lesson.findCheck("quiz")) continue;
        auto quiz = loadLessonQuiz(*course, lesson);
        REQUIRE(quiz.ok());
        for (const auto& q : quiz->questions) {
            if (q.kind != QuestionKind::Numeric) continue;
            CAPTURE(q.id);
            const std::string answer = std::to_string(static_cast<long>(q.number));
            CHECK_FALSE(holdsNumber(q.hint.en, answer));
            CHECK_FALSE(holdsNumber(q.hint.ru, answer));
        }
    }
}
