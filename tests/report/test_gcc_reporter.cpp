// The gcc format of a lesson report.
#include <doctest/doctest.h>

#include <sstream>

#include "fixtures.h"
#include "report/reporter.h"
#include "test_support.h"

using namespace grader;

namespace {

std::string gccText(const LessonReport& report) {
    std::ostringstream out;
    GccReporter().write(report, out);
    return out.str();
}

}  // namespace

TEST_CASE("gcc format: a hazard is an error at its first line and a note at its second and other lines notes") {
    CHECK(gccText(fixtures::hazardReport()) ==
          "work/k.cu:16:1: error: barriers: tA[0][0] is written by thread (0,0) at k.cu:16 and read by thread (1,0) at k.cu:21 with no barrier.\n"
          "work/k.cu:21:1: note: barriers: read by thread (1,0) at k.cu:21\n"
          "work/k.cu:16:1: note: barriers: Rerun: grader check lesson3 work/k.cu --check barriers\n"
          "work/k.cu:1:1: note: score 1/4\n");
}

TEST_CASE("gcc format: a further place's note is the clause its finding gives, and a line named twice is pointed at once") {
    LessonReport report;
    report.file = "k.cu";
    const std::string line = "tA[0][1] is written at k.cu:16 and read at k.cu:20 with no barrier between them. The tile must be "
                             "complete, and none does: the barrier after the compute is at k.cu:21. Add one there.";
    report.checks = {withFindings(checkResult("barriers", Status::Fail, line, 0, 3),
                                  {{"barrier.missing-after-loads", line, {16, 1},
                                    distinctPlaces({16, 1}, {{{20, 1}, "read at k.cu:20"}, {{16, 1}, "written at k.cu:16"},
                                                             {{21, 1}, "the barrier after the compute is at k.cu:21"}, {{20, 1}, "again"}}),
                                    ""}})};
    report.maxScore = 3;
    const std::string text = gccText(report);
    CHECK(text.find("k.cu:20:1: note: barriers: read at k.cu:20\n") != std::string::npos);
    CHECK(text.find("k.cu:21:1: note: barriers: the barrier after the compute is at k.cu:21\n") != std::string::npos);
    CHECK(text.find("again") == std::string::npos);
    CHECK(text.find("k.cu:16:1: note") == std::string::npos);
}

TEST_CASE("gcc format: places come from the findings, never from the message's words") {
    LessonReport report;
    report.file = "k.cu";
    report.checks = {withFindings(checkResult("correctness", Status::Fail, "C is wrong; the text mentions k.cu:99 in passing", 0, 4),
                                  {{"result.wrong", "C is wrong; the text mentions k.cu:99 in passing", {}, {}, ""}})};
    report.maxScore = 4;
    CHECK(gccText(report) ==
          "k.cu:1:1: error: correctness: C is wrong; the text mentions k.cu:99 in passing\n"
          "k.cu:1:1: note: score 0/4\n");
}

TEST_CASE("gcc format: a compile error keeps its column and a failure without a place points at 1:1 and a skip warns") {
    CHECK(gccText(fixtures::compileErrorReport()) ==
          "k.cu:1:1: note: the gpu backend was not used\n"
          "k.cu:11:16: error: compile: 'x' was not declared in this scope\n"
          "k.cu:1:1: error: correctness: not run: the file does not compile\n"
          "k.cu:1:1: warning: timing: needs a GPU\n"
          "k.cu:1:1: note: score 0/5 (1 skipped check not counted)\n");
}

TEST_CASE("gcc format: passing checks print only the score") {
    LessonReport report;
    report.file = "k.cu";
    report.checks = {checkResult("compile", Status::Pass, "compiles at k.cu:1", 1, 1)};
    report.score = report.maxScore = 1;
    CHECK(gccText(report) == "k.cu:1:1: note: score 1/1\n");
}
