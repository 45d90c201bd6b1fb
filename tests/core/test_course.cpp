// course.yaml reading: a valid course, and a located error for each kind of mistake.
#include <doctest/doctest.h>

#include "checks/check_table.h"
#include "core/course.h"
#include "test_support.h"

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

TEST_CASE("a size must be positive, at most 16384, and whole tiles where the lesson's kernel needs them") {
    CHECK(errorOf(replaced(kValid, "cpu_sizes: [16, 64]", "cpu_sizes: [16, -48]")) ==
          "course.yaml:16:25: lesson 'lesson3': check 'correctness': cpu_sizes entries must be positive, got -48 "
          "(a size n is the side of the n x n matrices)");
    CHECK(errorOf(replaced(kValid, "cpu_sizes: [16, 64]", "cpu_sizes: [16, 40]")) ==
          "course.yaml:16:25: lesson 'lesson3': check 'correctness': cpu_sizes entries must be multiples of the tile (16), got 40 "
          "(lesson3's kernel is written for n a multiple of TILE, one block per tile with no bounds guard: use 32 or 48)");
    CHECK(errorOf(replaced(kValid, "cpu_sizes: [16, 64]", "cpu_sizes: [16, 32768]")).find("must be at most 16384") != std::string::npos);
    // Lesson 1's kernel has a bounds guard: 72 is there on purpose.
    std::string lesson1 = replaced(replaced(kValid, "id: lesson3", "id: lesson1"), "cpu_sizes: [16, 64]", "cpu_sizes: [16, 72]");
    CHECK(parseCourse(lesson1, "course.yaml", "/kit").ok());
}

TEST_CASE("timing and speedup sizes are whole tiles in every lesson: they run the reference tiled kernel") {
    const std::string lesson4 = replaced(replaced(kValid, "id: lesson3", "id: lesson4"), "cpu_sizes: [16, 64]", "cpu_sizes: [16, 1291]");
    CHECK(parseCourse(lesson4, "course.yaml", "/kit").ok());  // gflops arguments: any size
    CHECK(errorOf(lesson4 + "      - {name: timing, points: 1, gpu_size: 1000}\n") ==
          "course.yaml:18:45: lesson 'lesson4': check 'timing': gpu_size must be a multiple of the tile (16), got 1000 "
          "(the check runs the grader's reference tiled kernel, written for n a multiple of TILE: use 992 or 1008)");
}

TEST_CASE("a check in a lesson that cannot run it is refused") {
    CHECK(errorOf(std::string(kValid) + "      - {name: timing, points: 1}\n") ==
          "course.yaml:18:16: lesson 'lesson3': check 'timing' runs in lesson4 only "
          "(it times the student's timeLaunchMs, which only lesson 4's file has)");
}

TEST_CASE("thresholds that accept anything or nothing are refused") {
    CHECK(errorOf(replaced(kValid, "tolerance: 1.0e-6", "tolerance: 0")).rfind(
              "course.yaml:17:20: lesson 'lesson3': check 'correctness': tolerance must be more than 0 and less than 1, got 0 (", 0) == 0);
    const std::string speedup = std::string(kValid) + "      - name: speedup\n        points: 2\n";
    CHECK(parseCourse(speedup + "        time_limit_s: 120\n", "course.yaml", "/kit").ok());
    CHECK(errorOf(speedup + "        time_limit_s: 120\n        fraction: 1.5\n").find("fraction must be more than 0 and at most 1, got 1.5") !=
          std::string::npos);
    CHECK(errorOf(speedup + "        time_limit_s: 120\n        floor: -1\n").find("floor must be 0 or more, got -1") != std::string::npos);
    CHECK(errorOf(speedup + "        time_limit_s: 120\n        min_runs: 300\n") ==
          "course.yaml:21:19: lesson 'lesson3': check 'speedup': min_runs (300) is more than max_runs (200, the default) "
          "(the timing stops after max_runs runs, so min_runs can never be reached)");
    CHECK(errorOf(speedup + "        time_limit_s: 120\n        max_runs: 0\n").find("max_runs must be at least 1, got 0") != std::string::npos);
    CHECK(parseCourse(speedup, "course.yaml", "/kit").ok());  // the default cap stays under the default limit
    CHECK(errorOf(speedup + "        time_cap_s: 20\n") ==
          "course.yaml:20:21: lesson 'lesson3': check 'speedup': time_cap_s must be more than 0 and less than time_limit_s "
          "(20, the default), got 20 (time_cap_s ends the timing loop, and the run also needs its start and warm-up: at "
          "time_limit_s it is killed as a hang)");
    CHECK(errorOf(replaced(kValid, "tolerance: 1.0e-6", "time_limit_s: 0.5")).find("time_limit_s must be between 1 and 600 seconds, got 0.5") !=
          std::string::npos);
}

TEST_CASE("an enum-like value is one of its list, with a suggestion, and fits the lesson") {
    const std::string traffic = std::string(kValid) + "      - {name: traffic, points: 2, expect: ";
    CHECK(parseCourse(traffic + "tiled}\n", "course.yaml", "/kit").ok());
    CHECK(errorOf(traffic + "tiles}\n") ==
          "course.yaml:18:44: lesson 'lesson3': check 'traffic': expect must be one of naive, tile_phase or tiled, got 'tiles', "
          "did you mean 'tiled'?");
    CHECK(errorOf(traffic + "naive}\n").find("expect 'naive' does not fit lesson3") != std::string::npos);
}

TEST_CASE("phases belong to lesson 2 and must exist at its smallest size") {
    CHECK(errorOf(replaced(kValid, "tolerance: 1.0e-6", "phases: [0]")).find("phases applies to lesson2 only") != std::string::npos);
    const std::string lesson2 = replaced(replaced(kValid, "id: lesson3", "id: lesson2"), "cpu_sizes: [16, 64]", "cpu_sizes: [32, 64]");
    CHECK(parseCourse(replaced(lesson2, "tolerance: 1.0e-6", "phases: [0, 1, -1, -2]"), "course.yaml", "/kit").ok());
    CHECK(errorOf(replaced(lesson2, "tolerance: 1.0e-6", "phases: [0, 2]")) ==
          "course.yaml:17:21: lesson 'lesson2': check 'correctness': phase 2 does not exist at n = 32 (cpu_sizes), which has "
          "2 phases: 0 .. 1, or -1 .. -2 from the end (every size is checked at every phase, and one a size lacks is skipped "
          "there: pick a phase that every size has, or raise the smallest size)");
    CHECK(errorOf(replaced(lesson2, "tolerance: 1.0e-6", "phases: [-3]")).find("phase -3 does not exist at n = 32") != std::string::npos);
}

TEST_CASE("the tile is the kit's 16") {
    CHECK(errorOf(replaced(kValid, "tile: 16", "tile: 32")).rfind("course.yaml:3:9: course tile must be 16, got 32 (the starters", 0) == 0);
}

TEST_CASE("a lesson's folder and files must be in the kit beside course.yaml") {
    TempFolder kit("course-files");
    writeText(kit.path / "starter" / "03-phase-loop" / "matmul_tiled.cu", "");
    writeText(kit.path / "starter" / "03-phase-loop" / "quiz_answers.yaml", "");
    writeText(kit.path / "solutions" / "03-phase-loop" / "matmul_tiled.cu", "");
    auto load = [&](const std::string& text) {
        writeText(kit.path / "course.yaml", text);
        return loadCourse(kit.path / "course.yaml");
    };
    CHECK(load(kValid).ok());
    auto misspelled = load(replaced(kValid, "student_file: matmul_tiled.cu", "student_file: matmul_tild.cu"));
    REQUIRE_FALSE(misspelled.ok());
    CHECK(misspelled.error().format() ==
          "course.yaml:8:19: lesson 'lesson3': student_file 'matmul_tild.cu' is in neither starter/03-phase-loop/ nor "
          "solutions/03-phase-loop/, did you mean 'matmul_tiled.cu'?");
    auto unrelated = load(replaced(kValid, "student_file: matmul_tiled.cu", "student_file: kernel.cu"));
    REQUIRE_FALSE(unrelated.ok());
    CHECK(unrelated.error().hint == "the files there are: matmul_tiled.cu");
    auto solution = load(replaced(kValid, "solution_file: matmul_tiled.cu", "solution_file: tiled.cu"));
    REQUIRE_FALSE(solution.ok());
    CHECK(solution.error().format().find("solution_file 'tiled.cu' is not in solutions/03-phase-loop/") != std::string::npos);
    auto folder = load(replaced(kValid, "folder: 03-phase-loop", "folder: 03-phase-lop"));
    REQUIRE_FALSE(folder.ok());
    CHECK(folder.error().format() ==
          "course.yaml:7:13: lesson 'lesson3': folder '03-phase-lop' is in neither starter/ nor solutions/, did you mean '03-phase-loop'?");
    // A course file with no kit beside it (a test course, a copy elsewhere) is not checked for files.
    TempFolder apart("course-apart");
    writeText(apart.path / "course.yaml", replaced(kValid, "student_file: matmul_tiled.cu", "student_file: kernel.cu"));
    CHECK(loadCourse(apart.path / "course.yaml").ok());
    // The student kit (no solutions/): a lesson's file the student removed fails that lesson's check, not the course.
    TempFolder student("course-student-kit");
    writeText(student.path / "starter" / "03-phase-loop" / "quiz_answers.yaml", "");
    writeText(student.path / "course.yaml", kValid);
    CHECK(loadCourse(student.path / "course.yaml").ok());
}

TEST_CASE("the kit's own course.yaml and the reference course the grader's tests run under are valid") {
    for (const char* path : {KIT_COURSE, REFERENCE_COURSE}) {
        CAPTURE(path);
        auto course = loadCourse(path);
        REQUIRE_MESSAGE(course.ok(), (course.ok() ? "" : course.error().format()));
        CHECK_FALSE(course->lessons.empty());
    }
}
