// The student kit's Classroom workflow, dev container and editor tasks, written from a course.
// (tests/export/*.py run their commands in an exported kit.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "checks/check_table.h"
#include "export/kit_integrations.h"

using namespace grader;

namespace {

Course referenceCourse() {
    auto course = loadCourse(REFERENCE_COURSE);
    REQUIRE(course.ok());
    return *course;
}

/// How many times `needle` occurs in `text`.
size_t count(const std::string& text, const std::string& needle) {
    size_t n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("the Classroom workflow has one step per check a GPU-less runner grades and that is worth points, with its points") {
    const Course course = referenceCourse();
    const std::string workflow = classroomWorkflow(course);
    int checks = 0, total = 0, gpuPoints = 0, zeroPoints = 0;
    for (const auto& lesson : course.lessons)
        for (const auto& check : lesson.checks) {
            ++checks;
            total += check.points;
            if (check.name == "speedup") gpuPoints += check.points;
            if (check.points == 0) ++zeroPoints;
        }
    REQUIRE(zeroPoints == 2);  // the reference course's trainers
    const int speedups = static_cast<int>(count(workflow, "lesson3.speedup") + count(workflow, "lesson4.speedup"));
    CHECK(speedups == 2);  // named once each, in the header's list of what is left out
    CHECK(count(workflow, "uses: classroom-resources/autograding-command-grader@v1") == static_cast<size_t>(checks - 2 - zeroPoints));
    CHECK(workflow.find("# backend: this runner has no GPU. " + std::to_string(total - gpuPoints) + " of course.yaml's " +
                        std::to_string(total) + " points;\n# the checks that need a GPU are left out: lesson3.speedup (2), "
                        "lesson4.speedup (2).\n# Left out too, worth 0 points (run them with ctest --preset lessonK): lesson2.trainer, "
                        "lesson3.trainer.\n") != std::string::npos);
    CHECK(count(workflow, "trainer") == 2);  // no step, no runner: only the header names them
    CHECK(count(workflow, "max-score: 0") == 0);
    CHECK(workflow.find("        id: lesson4-timing\n        uses: classroom-resources/autograding-command-grader@v1\n"
                        "        with:\n          test-name: \"lesson4.timing\"\n"
                        "          setup-command: \"cmake --preset default && cmake --build --preset default\"\n"
                        "          command: \"build/grader/grader check lesson4 starter/04-measuring-speedup/speedup.cu "
                        "--check timing --backend cpu --skip-exit-code 77\"\n"
                        "          timeout: 5\n          max-score: 3\n") != std::string::npos);  // 4 x 60 s + 60 s
    CHECK(workflow.find("          LESSON1-COMPILE_RESULTS: \"${{ steps.lesson1-compile.outputs.result }}\"\n") != std::string::npos);
    CHECK(workflow.find("          runners: lesson1-compile,lesson1-correctness,lesson1-quiz,lesson2-compile,") != std::string::npos);
    CHECK(workflow.rfind("uses: classroom-resources/autograding-grading-reporter@v1") >
          workflow.rfind("uses: classroom-resources/autograding-command-grader@v1"));
}

TEST_CASE("the dev container and the editor tasks are JSON with the README's commands") {
    const Course course = referenceCourse();
    const auto container = nlohmann::json::parse(devcontainerJson(course));
    CHECK(container["onCreateCommand"] == "bash scripts/install-deps.sh");
    CHECK(container["updateContentCommand"] == "cmake --preset default && cmake --build --preset default");
    CHECK(container["customizations"]["vscode"]["extensions"] ==
          nlohmann::json::array({"ms-vscode.cpptools", "ms-vscode.cmake-tools"}));
    const auto tasks = nlohmann::json::parse(vscodeTasksJson(course))["tasks"];
    REQUIRE(tasks.size() == course.lessons.size() + 1);
    CHECK(tasks[0]["command"] == kBuildCommand);
    CHECK(tasks[3]["command"] == "build/grader/grader check lesson3 starter/03-phase-loop/matmul_tiled.cu --format gcc");
    CHECK(tasks[3]["problemMatcher"] == "$gcc");
    CHECK(tasks[3]["dependsOn"] == tasks[0]["label"]);
}
