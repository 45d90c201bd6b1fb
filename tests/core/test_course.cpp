// course.yaml reading: a valid course, and a located error for each kind of mistake.
#include <doctest/doctest.h>

#include "core/course.h"

using namespace grader;

namespace {

const char* kValid = R"(course:
  title: Test course
  tile: 16
lessons:
  - id: lesson3
    title: The phase loop
    folder: 03-phase-loop
    student_file: matmul_tiled.cu
    solution_file: matmul_tiled.cu
    label: lesson3
    checks:
      - name: compile
        points: 1
      - name: correctness
        points: 4
        cpu_sizes: [16, 64]
        tolerance: 1.0e-6
)";

std::string errorOf(const std::string& text) {
    auto course = parseCourse(text, "course.yaml", "/kit");
    REQUIRE_FALSE(course.ok());
    return course.error().format();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a valid course.yaml gives its lessons, checks and parameters") {
    auto course = parseCourse(kValid, "course.yaml", "/kit");
    REQUIRE(course.ok());
    CHECK(course->title == "Test course");
    CHECK(course->tile == 16);
    REQUIRE(course->lessons.size() == 1);
    const Lesson& lesson = course->lessons[0];
    CHECK(lesson.number == 3);
    CHECK(lesson.label == "lesson3");
    const CheckSpec* correctness = lesson.findCheck("correctness");
    REQUIRE(correctness);
    CHECK(correctness->points == 4);
    CHECK(correctness->listParam("cpu_sizes", {}) == std::vector<long>{16, 64});
    CHECK(correctness->numberParam("tolerance", 0) == doctest::Approx(1e-6));
    CHECK(correctness->intParam("missing", 7) == 7);
}

TEST_CASE("an unknown key is located and gets a suggestion") {
    CHECK(errorOf(replaced(kValid, "    label: lesson3", "    lable: lesson3")) ==
          "course.yaml:10:5: lesson: unknown key 'lable', did you mean 'label'?");
}

TEST_CASE("a missing key names the key") {
    CHECK(errorOf(replaced(kValid, "    label: lesson3\n", "")) == "course.yaml:5:5: lesson: missing key 'label'");
}

TEST_CASE("a value of the wrong type names the type") {
    CHECK(errorOf(replaced(kValid, "points: 4", "points: four")) ==
          "course.yaml:15:17: lesson 'lesson3': check 'correctness': points must be an integer, got 'four'");
    CHECK(errorOf(replaced(kValid, "cpu_sizes: [16, 64]", "cpu_sizes: 16")) ==
          "course.yaml:16:20: lesson 'lesson3': check 'correctness': cpu_sizes must be a non-empty list of integers, e.g. [16, 64]");
}

TEST_CASE("an unknown check name gets a suggestion") {
    CHECK(errorOf(replaced(kValid, "name: correctness", "name: corectness")) ==
          "course.yaml:14:15: lesson 'lesson3': unknown check 'corectness', did you mean 'correctness'?");
}

TEST_CASE("a parameter of another check is an unknown key") {
    CHECK(errorOf(replaced(kValid, "tolerance: 1.0e-6", "floor: 1.1")) ==
          "course.yaml:17:9: lesson 'lesson3': check 'correctness': unknown key 'floor'");
}

TEST_CASE("a duplicate lesson id is refused") {
    std::string text = kValid;
    const std::string lesson = text.substr(text.find("  - id: lesson3"));
    std::string twice = text + replaced(lesson, "label: lesson3", "label: other");
    CHECK(errorOf(twice) == "course.yaml:18:9: duplicate lesson id 'lesson3'");
}

TEST_CASE("a lesson id outside the contract is refused with a suggestion") {
    CHECK(errorOf(replaced(kValid, "id: lesson3", "id: lesson5")) ==
          "course.yaml:5:9: unknown lesson id 'lesson5': the contract defines lesson1 .. lesson4, did you mean 'lesson1'?");
}

TEST_CASE("a check listed twice is refused") {
    CHECK(errorOf(std::string(kValid) + "      - name: compile\n        points: 2\n") ==
          "course.yaml:18:15: lesson 'lesson3': check 'compile' is listed twice");
}

TEST_CASE("broken YAML syntax is located") {
    CHECK(errorOf("course:\n  title: [unclosed\n").rfind("course.yaml:", 0) == 0);
}

TEST_CASE("a count parameter is an integer, 0 or more") {
    const std::string quiz = std::string(kValid) + "      - name: quiz\n        points: 2\n        reveal_after_tries: ";
    auto course = parseCourse(quiz + "0\n", "course.yaml", "/kit");
    REQUIRE(course.ok());
    CHECK(course->lessons[0].findCheck("quiz")->intParam("reveal_after_tries", 3) == 0);
    CHECK(errorOf(quiz + "-1\n") == "course.yaml:20:29: lesson 'lesson3': check 'quiz': reveal_after_tries must be 0 or more");
    CHECK(errorOf(quiz + "three\n") ==
          "course.yaml:20:29: lesson 'lesson3': check 'quiz': reveal_after_tries must be an integer, got 'three'");
}

TEST_CASE("every lesson needs the compile check") {
    std::string text = replaced(kValid, "      - name: compile\n        points: 1\n", "");
    CHECK(errorOf(text).find("the 'compile' check is required") != std::string::npos);
}

TEST_CASE("the kit's own course.yaml is valid") {
    auto course = loadCourse(std::string(KIT_SOURCE_DIR) + "/course.yaml");
    REQUIRE_MESSAGE(course.ok(), (course.ok() ? "" : course.error().format()));
    CHECK(course->lessons.size() == 4);
}
