// Distinctive solution lines, and finding them in a folder (text and binary files).
#include <doctest/doctest.h>

#include "export/solution_scan.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

/// A tiny kit: one lesson with a starter, a lesson text and a solution.
Course tinyKit(const fs::path& root) {
    writeText(root / "starter/01-a/k.cu", "#define TILE 16\n// TODO: compute\nint row = 0;\n");
    writeText(root / "lessons/01-a/README.md", "Use `__syncthreads();` after the loads.\n");
    writeText(root / "solutions/01-a/k.cu",
          "#define TILE 16\nint row = blockIdx.y * 16 + threadIdx.y;  // my row\n__syncthreads();\nreturn;\n");
    writeText(root / "solutions/01-a/quiz_answers.yaml", "# right answers\nlesson: lesson1\nanswers:\n  phases-count: 64\n");
    Course course;
    course.root = root;
    return course;
}

}  // namespace

TEST_CASE("distinctive lines are the solution lines a student does not have") {
    const TempFolder kit("scan");
    const Course course = tinyKit(kit.path);
    std::vector<std::string> texts;
    for (const auto& line : distinctiveSolutionLines(course)) texts.push_back(line.text);
    // "#define TILE 16" is in the starter, "__syncthreads();" in the lesson text, "return;" is short.
    CHECK(texts == std::vector<std::string>{"int row = blockIdx.y * 16 + threadIdx.y;", "lesson: lesson1", "phases-count: 64"});
}

TEST_CASE("a trainer progress file in solutions/ gives no distinctive line: grader trainer shows its answers") {
    const TempFolder kit("scan");
    const Course course = tinyKit(kit.path);
    writeText(kit.path / "solutions/01-a/trainer_progress.yaml",
              "course_version: d35982269293\nrecords:\n  - set: lesson2\n    exercises:\n      - kind: thread_load\n");
    for (const auto& line : distinctiveSolutionLines(course)) CHECK(line.file != "solutions/01-a/trainer_progress.yaml");
    CHECK(distinctiveSolutionLines(course).size() == 3);  // the lines of k.cu and quiz_answers.yaml, as before
}

TEST_CASE("they are found in text and in binary files, and only there") {
    const TempFolder kit("scan");
    const fs::path root = kit.path;
    const Course course = tinyKit(root);
    const auto lines = distinctiveSolutionLines(course);
    const fs::path out = root / "out";
    writeText(out / "clean/README.md", "nothing here\n");
    CHECK(findSolutionText(out, lines).empty());
    writeText(out / "lib/x.o", std::string("\x7f" "ELF\0\0", 6) + "int row = blockIdx.y * 16 + threadIdx.y;" + std::string("\0\1", 2));
    const auto hits = findSolutionText(out, lines);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0] == "lib/x.o contains 'int row = blockIdx.y * 16 + threadIdx.y;' (from solutions/01-a/k.cu)");
    fs::remove_all(root);
}

TEST_CASE("hidden folders are searched too: the workflow, dev container and editor tasks") {
    const TempFolder kit("scan");
    const Course course = tinyKit(kit.path);
    const fs::path out = kit.path / "out";
    writeText(out / ".vscode/tasks.json", "{\"command\": \"phases-count: 64\"}\n");
    const auto hits = findSolutionText(out, distinctiveSolutionLines(course));
    REQUIRE(hits.size() == 1);
    CHECK(hits[0] == ".vscode/tasks.json contains 'phases-count: 64' (from solutions/01-a/quiz_answers.yaml)");
}
