// The SARIF format of a lesson report, and where it places the student's file.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fixtures.h"
#include "report/reporter.h"
#include "test_support.h"

using namespace grader;

namespace {

nlohmann::json sarifOf(const LessonReport& report) {
    std::ostringstream out;
    SarifReporter({"work/k.cu", "%SRCROOT%"}).write(report, out);
    return nlohmann::json::parse(out.str());
}

nlohmann::json place(int line, int column) {
    return {{"artifactLocation", {{"uri", "work/k.cu"}, {"uriBaseId", "%SRCROOT%"}}},
            {"region", {{"startLine", line}, {"startColumn", column}}}};
}

}  // namespace

TEST_CASE("sarif format: a hazard is an error at its first line with its second line related and its rerun line in the message") {
    const auto log = sarifOf(fixtures::hazardReport());
    CHECK(log["version"] == "2.1.0");
    const auto& run = log["runs"].at(0);
    CHECK(run["tool"]["driver"]["name"] == "grader");
    REQUIRE(run["tool"]["driver"]["rules"].size() == 1);  // one rule per diagnosis code found
    CHECK(run["tool"]["driver"]["rules"][0]["id"] == "barrier.missing-after-compute");
    CHECK(run["tool"]["driver"]["rules"][0]["shortDescription"]["text"].get<std::string>().find("after the compute") != std::string::npos);
    CHECK(run["tool"]["driver"]["rules"][0]["properties"]["check"] == "barriers");
    CHECK(run["automationDetails"]["id"] == "lesson3/");
    CHECK(run["properties"]["score"] == 1);
    CHECK(run["properties"]["max_score"] == 4);
    REQUIRE(run["results"].size() == 1);
    const auto& hazard = run["results"][0];
    CHECK(hazard["ruleId"] == "barrier.missing-after-compute");
    CHECK(hazard["ruleIndex"] == 0);
    CHECK(hazard["properties"]["check"] == "barriers");
    CHECK(hazard["level"] == "error");
    CHECK(hazard["message"]["text"] ==
          "tA[0][0] is written by thread (0,0) at k.cu:16 and read by thread (1,0) at k.cu:21 with no barrier.\n"
          "Rerun: grader check lesson3 work/k.cu --check barriers");
    CHECK(hazard["locations"] == nlohmann::json::array({{{"physicalLocation", place(16, 1)}}}));
    CHECK(hazard["relatedLocations"] ==
          nlohmann::json::array({{{"id", 1}, {"physicalLocation", place(21, 1)}, {"message", {{"text", "read by thread (1,0) at k.cu:21"}}}}}));
}

TEST_CASE("sarif format: every hazard of a check carries the lines that close its message, each its own before them") {
    LessonReport report;
    report.file = "k.cu";
    report.checks = {withFindings(checkResult("barriers", Status::Fail,
                                              "tA written at k.cu:16 and read at k.cu:21.\n"
                                              "(tA's own remark)\n"
                                              "tB written at k.cu:17 and read at k.cu:21.\n"
                                              "Rerun: grader check lesson3 k.cu --check barriers",
                                              0, 3),
                                  {{"barrier.missing-after-loads", "tA written at k.cu:16 and read at k.cu:21.", {16, 1}, {{{21, 1}, "read at k.cu:21"}}, ""},
                                   {"barrier.missing-after-loads", "tB written at k.cu:17 and read at k.cu:21.", {17, 1}, {{{21, 1}, "read at k.cu:21"}}, ""}})};
    const auto results = sarifOf(report)["runs"][0]["results"];
    REQUIRE(results.size() == 2);
    CHECK(results[0]["message"]["text"] ==
          "tA written at k.cu:16 and read at k.cu:21.\n(tA's own remark)\nRerun: grader check lesson3 k.cu --check barriers");
    CHECK(results[1]["message"]["text"] == "tB written at k.cu:17 and read at k.cu:21.\nRerun: grader check lesson3 k.cu --check barriers");
    CHECK(results[1]["locations"][0]["physicalLocation"] == place(17, 1));
    CHECK(results[1]["relatedLocations"][0]["physicalLocation"] == place(21, 1));
}

TEST_CASE("sarif format: a compile error keeps its column, a failure without a place is at line 1 and a skip warns") {
    const auto log = sarifOf(fixtures::compileErrorReport());
    const auto& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 3);
    CHECK(results[0]["message"]["text"] == "'x' was not declared in this scope");
    CHECK(results[0]["locations"][0]["physicalLocation"] == place(11, 16));
    CHECK(results[0]["ruleId"] == "compile.error");
    CHECK(results[1]["ruleId"] == "check.failed");  // a result no check site coded
    CHECK(results[1]["properties"]["check"] == "correctness");
    CHECK(results[1]["level"] == "error");
    CHECK(results[1]["locations"][0]["physicalLocation"] == place(1, 1));
    CHECK(results[2]["level"] == "warning");
    CHECK(results[2]["ruleId"] == "check.skipped");
    CHECK(results[2]["ruleIndex"] == 2);
    CHECK_FALSE(results[2].contains("relatedLocations"));
    const auto& invocation = log["runs"][0]["invocations"][0];
    CHECK(invocation["executionSuccessful"] == true);
    CHECK(invocation["toolExecutionNotifications"][0]["level"] == "note");
    CHECK(invocation["toolExecutionNotifications"][0]["message"]["text"] == "the gpu backend was not used");
}

TEST_CASE("sarif format: passing checks give no results, and a check the grader could not run marks the run unsuccessful") {
    LessonReport report;
    report.file = "k.cu";
    report.checks = {checkResult("compile", Status::Pass, "compiles at k.cu:1", 1, 1)};
    report.score = report.maxScore = 1;
    CHECK(sarifOf(report)["runs"][0]["results"] == nlohmann::json::array());
    CHECK(sarifOf(report)["runs"][0]["invocations"][0]["executionSuccessful"] == true);
    report.checks.push_back(checkResult("barriers", Status::Error, "the emulator cannot run __syncwarp()", 0, 3));
    CHECK(sarifOf(report)["runs"][0]["invocations"][0]["executionSuccessful"] == false);
    CHECK(sarifOf(report)["runs"][0]["results"][0]["level"] == "error");
}

TEST_CASE("sarif artifact: the file relative to the kit's folder (the one holding course.yaml), else its absolute file URI") {
    namespace fs = std::filesystem;
    const TempFolder tmp("sarif-artifact");
    const fs::path kit = tmp.path;
    fs::create_directories(kit / "starter" / "my lesson");
    std::ofstream(kit / "course.yaml") << "title: x\n";
    const SarifArtifact inKit = sarifArtifactOf(kit / "starter" / "my lesson" / "k#1.cu");
    CHECK(inKit.uri == "starter/my%20lesson/k%231.cu");
    CHECK(inKit.uriBaseId == "%SRCROOT%");
    CHECK(sarifArtifactOf(kit / "starter" / ".." / "k.cu").uri == "k.cu");
    fs::remove(kit / "course.yaml");
    const SarifArtifact outside = sarifArtifactOf(kit / "k.cu");
    CHECK(outside.uri == "file://" + (kit / "k.cu").generic_string());
    CHECK(outside.uriBaseId.empty());
}
