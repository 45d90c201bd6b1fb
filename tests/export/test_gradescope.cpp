// The Gradescope autograder's parts that need no Gradescope: its results.json
// (tests add up to the score, a missing lesson is one test worth 0, a failing
// check ends in a rerun command for the student's kit, a deduction is a test
// of its own) and its zip (read back by libarchive, the same bytes twice).
// The whole autograder runs in kit.export_gradescope (tests/export/gradescope.sh).
#include <doctest/doctest.h>

#include "batch/archive.h"
#include "export/gradescope.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

Course twoLessons() {
    return fixtures::parsedCourse(fixtures::courseYaml(
        "Test", {{1, "Naive", "{name: compile, points: 1}, {name: correctness, points: 4}, {name: quiz, points: 2}"},
                 {3, "Tiled", "{name: compile, points: 1}, {name: correctness, points: 4}, {name: speedup, points: 2}"}}));
}

/// lesson1 graded (correctness failed with its rerun command, the quiz failed without one), lesson3 not submitted.
StudentResult graded(const Course& course) {
    StudentResult r;
    r.id = "submission";
    r.backend = "cpu";
    r.seed = 42;
    LessonOutcome l1;
    l1.submitted = true;
    l1.report.lesson = "lesson1";
    l1.report.checks = {{"compile", Status::Pass, "compiled", 1, 1},
                        {"correctness", Status::Fail, "n=16: wrong. Rerun: build/grader/grader check lesson1 x.cu --check correctness --seed 42", 0, 4},
                        {"quiz", Status::Fail, "2 of 6 answers are wrong", 1, 2}};
    l1.report.score = 2;
    l1.report.maxScore = 7;
    r.lessons.push_back(l1);
    r.lessons.push_back(notSubmitted(*course.findLesson("lesson3"), "cpu"));
    return r;
}

int sumOfTests(const nlohmann::json& j) {
    int sum = 0;
    for (const auto& t : j["tests"]) sum += t["score"].get<int>();
    return sum;
}

}  // namespace

TEST_CASE("results.json: one test per check, a missing lesson worth 0, the score the tests' sum") {
    const Course course = twoLessons();
    const nlohmann::json j = gradescopeResultsJson(course, graded(course), 12.6);
    CHECK(j["execution_time"] == 13);
    CHECK(j["score"] == 2);
    CHECK(sumOfTests(j) == 2);
    REQUIRE(j["tests"].size() == 4);
    for (const auto& t : j["tests"])
        for (const char* key : {"name", "score", "max_score", "output", "visibility"}) CHECK_MESSAGE(t.contains(key), key);
    CHECK(j["tests"][1]["output"] == "n=16: wrong. Rerun: build/grader/grader check lesson1 x.cu --check correctness --seed 42");
    CHECK(j["tests"][2]["output"] == "2 of 6 answers are wrong\nRerun in your kit: build/grader/grader check lesson1 "
                                     "starter/01-naive-kernel/matmul_naive.cu --check quiz --seed 42");
    const auto& missing = j["tests"][3];
    CHECK(missing["name"] == "lesson3: not submitted");
    CHECK(missing["score"] == 0);
    CHECK(missing["max_score"] == 5);  // the speedup check needs a GPU: not counted on the cpu backend
    CHECK(missing["output"].get<std::string>().find("Not submitted: no file named matmul_tiled.cu") == 0);
    const std::string output = j["output"];
    CHECK(output.find("no GPU") != std::string::npos);
    CHECK(output.find("lesson3: speedup") != std::string::npos);
}

TEST_CASE("results.json: a deduction from a lesson is a test of its own, so the tests still add up") {
    const Course course = twoLessons();
    StudentResult r = graded(course);
    r.lessons[0].report.score -= 1;
    r.lessons[0].report.note = "1 point off: the file is not named matmul_naive.cu";
    const nlohmann::json j = gradescopeResultsJson(course, r, 1);
    CHECK(j["score"] == 1);
    CHECK(sumOfTests(j) == 1);
    const auto& deduction = j["tests"][3];
    CHECK(deduction["name"] == "lesson1: deduction");
    CHECK(deduction["score"] == -1);
    CHECK(deduction["output"] == "1 point off: the file is not named matmul_naive.cu");
}

TEST_CASE("results.json of a grader failure: score 0, no tests, the error in the output") {
    const nlohmann::json j = gradescopeFailureJson("course.yaml:3:1: unknown key", 2.2);
    CHECK(j["score"] == 0);
    CHECK(j["tests"].empty());
    CHECK(j["execution_time"] == 2);
    CHECK(j["output"].get<std::string>().find("course.yaml:3:1: unknown key") != std::string::npos);
}

TEST_CASE("the autograder zip reads back with every file, and the same files give the same bytes") {
    const TempFolder folder("zip");
    writeText(folder.path / "setup.sh", "#!/bin/sh\necho setup\n");
    writeText(folder.path / "kit/grader/a.cpp", std::string(70000, 'x'));
    writeText(folder.path / "kit/empty.txt", "");
    auto zip = zipOfFolder(folder.path);
    REQUIRE(zip.ok());
    auto again = zipOfFolder(folder.path);
    REQUIRE(again.ok());
    CHECK(*zip == *again);
    writeText(folder.path / "out/autograder.zip", *zip);
    auto extracted = extractArchive(folder.path / "out/autograder.zip", folder.path / "unpacked", ArchiveLimits{});
    if (!extracted) FAIL(extracted.error().format());
    CHECK(readText(folder.path / "unpacked/setup.sh") == "#!/bin/sh\necho setup\n");
    CHECK(readText(folder.path / "unpacked/kit/grader/a.cpp") == std::string(70000, 'x'));
    CHECK(fs::exists(folder.path / "unpacked/kit/empty.txt"));
}
