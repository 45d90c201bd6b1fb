// The JSON format of CONTRACT.md, written with nlohmann::json.
#include <nlohmann/json.hpp>

#include "report/reporter.h"

namespace grader {

nlohmann::json lessonReportJson(const LessonReport& report) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& c : report.checks)
        checks.push_back({{"name", c.name}, {"status", statusWord(c.status)}, {"message", c.message},
                          {"points", c.points}, {"max_points", c.maxPoints}});
    nlohmann::json j = {{"lesson", report.lesson}, {"file", report.file}, {"backend", report.backend},
                        {"seed", report.seed}, {"checks", checks}, {"score", report.score},
                        {"max_score", report.maxScore}};
    if (!report.device.empty()) j["device"] = report.device;
    if (!report.note.empty()) j["note"] = report.note;
    if (!report.compilerLog.empty()) j["compiler_output"] = report.compilerLog;
    if (report.showOutput && !report.programOutput.empty())
        j["program_output"] = {{"run", report.programOutputRun}, {"lines", report.programOutput}};
    return j;
}

void JsonReporter::write(const LessonReport& report, std::ostream& out) const { out << lessonReportJson(report).dump() << "\n"; }

}  // namespace grader
