// The kit's own quizzes and lesson texts as the student kit gets them: every
// question sealed, none of their explanations in the text, the solutions'
// answers all right and the starters' blank answers the same file as the
// instructor's quiz makes; revealable as course.yaml's reveal_after_tries
// says; a broken quiz is an error named at its path; a lesson text without
// its control questions' answers, pointing to the quiz.
#include <doctest/doctest.h>

#include <algorithm>

#include "checks/check_table.h"
#include "core/course.h"
#include "core/toolchain.h"
#include "export/student_quizzes.h"
#include "quiz/answers.h"
#include "quiz/blank_answers.h"
#include "quiz/sealed.h"
#include "quiz/tries.h"

using namespace grader;

namespace {

/// The student kit's quiz of `lesson`, read back.
Quiz studentQuiz(const Course& course, const Lesson& lesson, std::string* text = nullptr) {
    const std::string relative = "lessons/" + lesson.folder + "/quiz.yaml";
    std::string plain;
    REQUIRE(readFile(course.root / relative, plain));
    auto sealed = studentQuizYaml(course, relative, plain);
    REQUIRE_MESSAGE(sealed.ok(), (sealed.ok() ? "" : sealed.error().format()));
    if (text) *text = *sealed;
    auto quiz = parseQuiz(*sealed, relative);
    REQUIRE_MESSAGE(quiz.ok(), (quiz.ok() ? "" : quiz.error().format()));
    return *quiz;
}

}  // namespace

TEST_CASE("the kit's quizzes, sealed, hide their worked answers and grade the solutions and starters as the plain ones do") {
    auto course = loadCourse(KIT_COURSE);
    REQUIRE(course.ok());
    int lessons = 0;
    for (const auto& lesson : course->lessons) {
        if (!lesson.findCheck("quiz")) continue;
        CAPTURE(lesson.id);
        ++lessons;
        auto plain = loadLessonQuiz(*course, lesson);
        REQUIRE(plain.ok());
        std::string text;
        const Quiz sealed = studentQuiz(*course, lesson, &text);
        REQUIRE(sealed.questions.size() == plain->questions.size());
        for (const auto& q : plain->questions) {
            CAPTURE(q.id);
            CHECK(sealed.find(q.id)->sealed.has_value());
            CHECK(text.find(q.explanation.en) == std::string::npos);
            CHECK(text.find(q.explanation.ru) == std::string::npos);
            CHECK(text.find(q.hint.en) != std::string::npos);  // the hint stays readable
            CHECK((sealed.find(q.id)->sealed->reveal.empty()) == (revealAfterTries(lesson) == 0));
        }
        CHECK(blankAnswers(sealed, lesson) == blankAnswers(*plain, lesson));
        const auto solution = course->root / "solutions" / lesson.folder / "quiz_answers.yaml";
        auto right = loadAnswers(solution, solution.string(), sealed);
        REQUIRE(right.ok());
        const QuizResult graded = gradeQuiz(sealed, *right);
        CHECK(graded.right() == graded.total());
        for (const auto& r : graded.results) CHECK(r.explanation->en == plain->find(r.question->id)->explanation.en);
    }
    CHECK(lessons > 0);
}

TEST_CASE("a lesson whose quiz never reveals gets no key for revealing; a quiz no lesson lists neither") {
    auto course = loadCourse(KIT_COURSE);
    REQUIRE(course.ok());
    Lesson* lesson = nullptr;
    for (auto& l : course->lessons)
        if (l.findCheck("quiz")) lesson = &l;
    REQUIRE(lesson);
    for (auto& check : lesson->checks)
        if (check.name == "quiz") check.params["reveal_after_tries"] = 0L;
    for (const auto& q : studentQuiz(*course, *lesson).questions) CHECK(q.sealed->reveal.empty());
    std::string plain;
    REQUIRE(readFile(course->root / "lessons" / course->lessons[0].folder / "quiz.yaml", plain));
    auto unlisted = studentQuizYaml(*course, "lessons/99-not-listed/quiz.yaml", plain);
    REQUIRE(unlisted.ok());
    CHECK(unlisted->find("reveal:") == std::string::npos);
    CHECK(studentQuizYaml(*course, "lessons/" + course->lessons[0].folder + "/quiz.yaml", plain)->find("reveal:") != std::string::npos);
}

TEST_CASE("a broken quiz is not exported, and the error names its path") {
    auto course = loadCourse(KIT_COURSE);
    REQUIRE(course.ok());
    const auto broken = studentQuizYaml(*course, "lessons/01-naive-kernel/quiz.yaml", "lesson: lesson1\nquestions: []\n");
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().format().rfind("lessons/01-naive-kernel/quiz.yaml:2:", 0) == 0);
}

TEST_CASE("a lesson text loses its control questions' answers and sends the student to the quiz, in its language") {
    auto course = loadCourse(KIT_COURSE);
    REQUIRE(course.ok());
    const std::string text = "# Lesson\n\nTeaching.\n\n## Control questions\n\n**1. Why?**\n\n<details><summary>Answer</summary>\n\nBecause.\n</details>\n\n"
                             "**2. How many?**\n\n<details><summary>Answer</summary>\n\nSixteen.\n</details>\n\n## Next\n\nLesson 2.\n";
    const std::string folder = course->lessons[0].folder;
    auto english = studentLessonText(*course, "lessons/" + folder + "/README.md", text);
    REQUIRE(english.ok());
    CHECK(english->find("Because") == std::string::npos);
    CHECK(english->find("Sixteen") == std::string::npos);
    CHECK(english->find("<details>") == std::string::npos);
    const std::string command = "`build/grader/grader quiz " + course->lessons[0].id + " starter/" + folder + "/quiz_answers.yaml`";
    const size_t heading = english->find("## Control questions\n\nAnswer them in `starter/" + folder + "/quiz_answers.yaml`");
    CHECK(heading != std::string::npos);
    CHECK(english->find("**1. Why?**\n\n**2. How many?**\n\n## Next\n\nLesson 2.\n") != std::string::npos);
    std::string flat = *english;  // the paragraph is wrapped as the lesson texts are
    std::replace(flat.begin(), flat.end(), '\n', ' ');
    CHECK(flat.find(command + " checks your answers") != std::string::npos);
    CHECK(flat.find("worked answer once yours is right or after 3 wrong tries.") != std::string::npos);
    auto russian = studentLessonText(*course, "lessons/" + folder + "/README.ru.md", text);
    REQUIRE(russian.ok());
    CHECK(russian->find("Ответьте на них") != std::string::npos);
    CHECK(russian->find("--lang ru") != std::string::npos);

    CHECK(*studentLessonText(*course, "lessons/99-not-listed/README.md", text) == text);  // no quiz graded: the answers stay
    auto unclosed = studentLessonText(*course, "lessons/" + folder + "/README.md", "## Q\n\n<details><summary>Answer</summary>\nBecause.\n");
    REQUIRE_FALSE(unclosed.ok());
    CHECK(unclosed.error().format() == "lessons/" + folder + "/README.md:3: this answer block is never closed (end it with </details>)");
    auto outside = studentLessonText(*course, "lessons/" + folder + "/README.md", "Q?\n\n<details><summary>Answer</summary>\nA.\n</details>\n");
    REQUIRE_FALSE(outside.ok());
    CHECK(outside.error().message == "an answer block outside a section");
}
