// The JSON reporter on text a student's program put in the report: bytes
// that are not UTF-8 (a Latin-1 source's assert text, a record the program
// overwrote) are written as U+FFFD, never a throw that ends the grader (or,
// built without exceptions as in the browser's judge, an abort).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <sstream>

#include "report/reporter.h"

using namespace grader;

TEST_CASE("json format: a message holding bytes that are not UTF-8 is written with U+FFFD in their place") {
    LessonReport report;
    report.lesson = "lesson3";
    report.file = "k.cu";
    CheckResult check;
    check.name = "correctness";
    check.status = Status::Fail;
    check.message = "the kernel launch failed with cudaSucce\xdcs";
    check.findings.push_back({"launch.failed", check.message, {}, {}, "", ""});
    report.checks.push_back(check);
    std::ostringstream out;
    JsonReporter().write(report, out);
    const auto json = nlohmann::json::parse(out.str());
    CHECK(json["checks"][0]["message"] == "the kernel launch failed with cudaSucce\xef\xbf\xbds");
    CHECK(json["checks"][0]["findings"][0]["text"] == "the kernel launch failed with cudaSucce\xef\xbf\xbds");
}
