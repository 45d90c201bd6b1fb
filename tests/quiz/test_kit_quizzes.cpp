// The kit's own quizzes: every lesson's quiz.yaml is valid and asks each kind
// of question; the starter's answers file lists every question with an empty
// answer; the solutions' answers (where the kit has them) are all right.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/course.h"
#include "quiz/answers.h"

using namespace grader;

TEST_CASE("every lesson's quiz is valid, asks every kind of question and has its starter answers file") {
    auto course = loadCourse(std::string(KIT_SOURCE_DIR) + "/course.yaml");
    REQUIRE(course.ok());
    for (const auto& lesson : course->lessons) {
        CAPTURE(lesson.id);
        REQUIRE(lesson.findCheck("quiz"));
        auto quiz = loadLessonQuiz(*course, lesson);
        REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
        CHECK(quiz->questions.size() >= 5);
        bool kinds[3] = {};
        for (const auto& q : quiz->questions) kinds[static_cast<int>(q.kind)] = true;
        CHECK((kinds[0] && kinds[1] && kinds[2]));

        const auto starter = course->root / "starter" / lesson.folder / "quiz_answers.yaml";
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
