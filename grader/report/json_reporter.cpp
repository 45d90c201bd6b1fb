// The JSON format of CONTRACT.md, written with nlohmann::json.
#include <nlohmann/json.hpp>

#include <algorithm>

#include "report/reporter.h"

namespace grader {

namespace {

/// `place` into `json` as "line" and "column", when it names a line.
void putPlace(nlohmann::json& json, const Place& place) {
    if (!place.known()) return;
    json["line"] = place.line;
    json["column"] = place.column;
}

/// The place `json` names ("line", "column"), or an unknown place.
Place placeFrom(const nlohmann::json& json) {
    const auto number = [&json](const char* key, int fallback) {
        const auto it = json.find(key);
        return it != json.end() && it->is_number_integer() ? it->get<int>() : fallback;
    };
    const int line = number("line", 0);
    return line > 0 ? Place{line, std::max(1, number("column", 1))} : Place{};
}

std::string textOf(const nlohmann::json& json, const char* key) {
    const auto it = json.find(key);
    return it != json.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace

nlohmann::json measurementsJson(const std::vector<Measurement>& measurements) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& m : measurements) {
        nlohmann::json item = {{"name", m.name}, {"median", m.median}};
        if (m.runs > 0) item.update({{"min", m.min}, {"max", m.max}, {"runs", m.runs}});
        list.push_back(item);
    }
    return list;
}

std::vector<Measurement> measurementsFromJson(const nlohmann::json& json) {
    std::vector<Measurement> measurements;
    if (!json.is_array()) return measurements;
    auto number = [](const nlohmann::json& item, const char* key) {
        auto it = item.find(key);
        return it != item.end() && it->is_number() ? it->get<double>() : 0.0;
    };
    for (const auto& item : json) {
        if (!item.is_object() || textOf(item, "name").empty()) continue;
        auto runs = item.find("runs");
        measurements.push_back({textOf(item, "name"), number(item, "median"), number(item, "min"), number(item, "max"),
                                runs != item.end() && runs->is_number_integer() ? runs->get<int>() : 0});
    }
    return measurements;
}

nlohmann::json findingsJson(const std::vector<Finding>& findings) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& finding : findings) {
        nlohmann::json item = {{"code", finding.code}, {"text", finding.text}};
        if (!finding.hint.empty()) item["hint"] = finding.hint;
        putPlace(item, finding.at);
        if (!finding.related.empty()) {
            nlohmann::json related = nlohmann::json::array();
            for (const auto& place : finding.related) {
                nlohmann::json entry = {{"text", place.text}};
                putPlace(entry, place.at);
                related.push_back(entry);
            }
            item["related"] = related;
        }
        list.push_back(item);
    }
    return list;
}

std::vector<Finding> findingsFromJson(const nlohmann::json& json) {
    std::vector<Finding> findings;
    if (!json.is_array()) return findings;
    for (const auto& item : json) {
        if (!item.is_object()) continue;
        Finding finding{textOf(item, "code"), textOf(item, "text"), placeFrom(item), {}, "", textOf(item, "hint")};
        if (const auto related = item.find("related"); related != item.end() && related->is_array())
            for (const auto& entry : *related)
                if (entry.is_object()) finding.related.push_back({placeFrom(entry), textOf(entry, "text")});
        findings.push_back(std::move(finding));
    }
    return findings;
}

nlohmann::json lessonReportJson(const LessonReport& report) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& c : report.checks) {
        nlohmann::json check = {{"name", c.name}, {"status", statusWord(c.status)}, {"message", c.message},
                                {"points", c.points}, {"max_points", c.maxPoints}};
        if (!c.findings.empty()) check["findings"] = findingsJson(c.findings);
        if (!c.measurements.empty()) check["measurements"] = measurementsJson(c.measurements);
        checks.push_back(check);
    }
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

void JsonReporter::write(const LessonReport& report, std::ostream& out) const {
    // Messages quote what the student's program wrote, which need not be UTF-8: U+FFFD stands for such bytes.
    out << lessonReportJson(report).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

}  // namespace grader
