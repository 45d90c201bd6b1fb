// Grading flow with a fake backend: compile gates the other checks, GPU-only
// checks are skipped off the GPU, points and statuses add up.
#include <doctest/doctest.h>

#include "checks/check.h"
#include "test_support.h"

using namespace grader;

namespace {

/// A backend whose build and runs are scripted by the test.
class FakeBackend : public Backend {
public:
    bool compiles = true;
    bool rightAnswer = true;
    int runs = 0;

    std::string name() const override { return "cpu"; }
    std::string unavailableReason() const override { return ""; }
    BuildResult build(const Lesson&, const std::filesystem::path&, const std::string&) override {
        BuildResult b;
        b.ok = compiles;
        b.summary = compiles ? "built" : "k.cu:3:1: expected ';'";
        return b;
    }
    RunRecord run(const BuildResult&, const RunRequest& request) override {
        ++runs;
        return fakeMatmulRun(request, rightAnswer ? -1 : 3);
    }
};

Course makeCourse() {
    auto parsed = parseCourse(R"(course: {title: t}
lessons:
  - {id: lesson1, title: t, folder: f, student_file: k.cu, solution_file: k.cu, label: lesson1,
     checks: [{name: compile, points: 1}, {name: correctness, points: 4, cpu_sizes: [16, 32]},
              {name: speedup, points: 2}]}
)", "course.yaml", "/kit");
    REQUIRE(parsed.ok());
    return *parsed;
}

}  // namespace

TEST_CASE("a right kernel passes and scores; the GPU-only check is skipped and not counted") {
    Course course = makeCourse();
    FakeBackend fake;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, options);
    REQUIRE(report.checks.size() == 3);
    CHECK(report.checks[1].status == Status::Pass);
    CHECK(report.checks[2].status == Status::Skip);
    CHECK(report.score == 5);
    CHECK(report.maxScore == 5);
    CHECK(fake.runs == 2);
}

TEST_CASE("a compile failure fails the other checks with 'not run'") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.compiles = false;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, {});
    CHECK(report.checks[0].status == Status::Fail);
    CHECK(report.checks[0].message == "k.cu:3:1: expected ';'");
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message == "not run: the file does not compile");
    CHECK(fake.runs == 0);
}

TEST_CASE("a wrong element fails correctness with a rerun command") {
    Course course = makeCourse();
    FakeBackend fake;
    fake.rightAnswer = false;
    CheckOptions options;
    options.seed = 4;
    LessonReport report = gradeLesson(course, course.lessons[0], "k.cu", "k.cu", fake, &fake, options);
    CHECK(report.checks[1].status == Status::Fail);
    CHECK(report.checks[1].message.find("C[0][3]") != std::string::npos);
    CHECK(report.checks[1].message.find("Rerun: grader check lesson1 k.cu --check correctness --n 16 --seed 4") != std::string::npos);
}

TEST_CASE("a child that crashed is a failure with the signal named") {
    RunRecord r;
    r.process.started = true;
    r.process.signal = 11;
    RunRequest request;
    request.n = 16;
    CHECK(describeFailedRun(r, request).find("SIGSEGV") != std::string::npos);
    r.process.signal = 0;
    r.process.timedOut = true;
    CHECK(describeFailedRun(r, request).find("did not finish") != std::string::npos);
}
