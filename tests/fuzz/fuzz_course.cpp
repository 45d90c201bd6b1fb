// Fuzz target: course.yaml (grader/core/course.h), read strictly by every
// grader command and by the build. Each input is parsed as course.yaml in a
// folder with no kit beside it, and a course read without error is then used
// the ways the grader uses one: each lesson found by its id, each check's
// parameters and sizes read. Beyond "no crash": an error names its place in
// course.yaml, and a course read without error holds lessons and the checks
// the contract allows.
// Non-goal: the files a course names (loadCourse checks those against a kit).
#include <cstdint>

#include "checks/check_table.h"
#include "core/course.h"
#include "fuzz_support.h"
#include "quiz/tries.h"

using namespace grader;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::filesystem::path& root = fuzz::scratchFolder("course");
    auto course = parseCourse(fuzz::text(data, size), "course.yaml", root);
    if (!course) {
        fuzz::require(course.error().where.rfind("course.yaml", 0) == 0, "an error that does not name course.yaml: " + course.error().format());
        return 0;
    }
    fuzz::require(!course->lessons.empty(), "a course without lessons");
    for (const auto& lesson : course->lessons) {
        fuzz::require(course->findLesson(lesson.id) == &lesson, "lesson " + lesson.id + " is not found by its id");
        fuzz::require(lesson.number >= 1 && lesson.number <= 4, "lesson " + lesson.id + " has number " + std::to_string(lesson.number));
        fuzz::require(lesson.findCheck("compile") != nullptr, "lesson " + lesson.id + " has no compile check");
        (void)lesson.starterFile();
        (void)trafficKind(lesson);
        (void)revealAfterTries(lesson);
        for (const auto& check : lesson.checks) {
            fuzz::require(check.points >= 0, "a check worth " + std::to_string(check.points) + " points");
            for (bool gpu : {false, true}) (void)correctnessSizes(lesson, check, gpu);
            (void)speedupTimeCapS(check);
        }
    }
    return 0;
}
