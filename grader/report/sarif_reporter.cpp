// SARIF 2.1.0 (the OASIS standard) for GitHub code scanning and other SARIF
// viewers: one run whose results are the findings of findings.h (the gcc
// format's, so both report the same things), written with nlohmann::json.
// A finding is a result: its check is the rule, its further places are
// relatedLocations and its following lines that name no place join its
// message; the lines that close a check's message (its rerun command) join
// every result of the check, since code scanning shows each on its own. The
// report's note is a tool notification; the score is a property of the run.
// Non-goal: fingerprints (code scanning computes them from the file), the
// compiler's full log and the program's output (text and JSON only).
#include "report/sarif_reporter.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstring>

#include "core/toolchain.h"
#include "report/findings.h"
#include "report/reporter.h"

namespace grader {

namespace {

/// Keys in the order the SARIF specification lists them, for a reader.
using Json = nlohmann::ordered_json;

constexpr const char* kSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr const char* kKitBase = "%SRCROOT%";

/// `path` ("/"-separated) with every byte a URI path may not hold as is written %XX.
std::string uriPath(const std::string& path) {
    static const char* kHex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || std::strchr("-._~/!$&'()*+,;=@", c)) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

Json physicalLocation(const SarifArtifact& artifact, const MessageLocation& at) {
    Json location = {{"uri", artifact.uri}};
    if (!artifact.uriBaseId.empty()) location["uriBaseId"] = artifact.uriBaseId;
    return {{"artifactLocation", location}, {"region", {{"startLine", at.line}, {"startColumn", at.column}}}};
}

/// One rule per check the report holds, in its order, described from the check table.
Json rulesOf(const LessonReport& report) {
    Json rules = Json::array();
    for (const auto& check : report.checks) {
        const CheckEntry* entry = findCheck(check.name);
        rules.push_back({{"id", check.name}, {"shortDescription", {{"text", entry ? entry->summary : check.name}}}});
    }
    return rules;
}

int ruleIndex(const LessonReport& report, const std::string& check) {
    for (size_t i = 0; i < report.checks.size(); ++i)
        if (report.checks[i].name == check) return static_cast<int>(i);
    return -1;
}

/// `finding` as a result whose message is its text and then `lines`.
Json resultOf(const LessonReport& report, const Finding& finding, const std::vector<std::string>& lines,
              const SarifArtifact& artifact) {
    std::string text = finding.text;
    Json related = Json::array();
    for (const auto& note : finding.notes) {
        if (!note.place) continue;
        Json location = {{"id", related.size() + 1}, {"physicalLocation", physicalLocation(artifact, note.at)}};
        location["message"] = {{"text", note.text}};
        related.push_back(location);
    }
    for (const auto& line : lines) text += "\n" + line;
    Json result = {{"ruleId", finding.check}, {"ruleIndex", ruleIndex(report, finding.check)},
                   {"level", levelWord(finding.level)}, {"message", {{"text", text}}},
                   {"locations", Json::array({{{"physicalLocation", physicalLocation(artifact, finding.at)}}})}};
    if (!related.empty()) result["relatedLocations"] = related;
    return result;
}

/// The message lines after `finding`'s own that name no place.
std::vector<std::string> linesWithoutPlace(const Finding& finding) {
    std::vector<std::string> lines;
    for (const auto& note : finding.notes)
        if (!note.place) lines.push_back(note.text);
    return lines;
}

}  // namespace

SarifArtifact sarifArtifactOf(const std::filesystem::path& file) {
    namespace fs = std::filesystem;
    const fs::path absolute = fs::absolute(file).lexically_normal();
    std::error_code ec;
    for (fs::path dir = absolute.parent_path();; dir = dir.parent_path()) {
        if (fs::exists(dir / "course.yaml", ec)) return {uriPath(absolute.lexically_relative(dir).generic_string()), kKitBase};
        if (dir == dir.root_path() || dir.empty()) break;
    }
    return {"file://" + uriPath(absolute.generic_string()), ""};
}

void SarifReporter::write(const LessonReport& report, std::ostream& out) const {
    Json results = Json::array();
    const auto findings = findingsOf(report);
    for (size_t first = 0, end = 0; first < findings.size(); first = end) {
        // One check's findings: each keeps its own lines, and all get the last one's.
        for (end = first; end < findings.size() && findings[end].check == findings[first].check;) ++end;
        const auto trailing = linesWithoutPlace(findings[end - 1]);
        for (size_t i = first; i < end; ++i) {
            std::vector<std::string> lines = i + 1 == end ? std::vector<std::string>{} : linesWithoutPlace(findings[i]);
            lines.insert(lines.end(), trailing.begin(), trailing.end());
            results.push_back(resultOf(report, findings[i], lines, artifact_));
        }
    }
    bool ranEveryCheck = true;
    for (const auto& check : report.checks) ranEveryCheck &= check.status != Status::Error;
    Json invocation = {{"executionSuccessful", ranEveryCheck}};
    if (!report.note.empty())
        invocation["toolExecutionNotifications"] =
            Json::array({{{"level", "note"}, {"message", {{"text", report.note}}}}});
    Json driver = {{"name", "grader"}, {"version", graderVersion()}, {"rules", rulesOf(report)}};
    Json run = {{"tool", {{"driver", driver}}},
                {"automationDetails", {{"id", report.lesson + "/"}}},
                {"invocations", Json::array({invocation})},
                {"results", results},
                {"properties", {{"lesson", report.lesson}, {"backend", report.backend}, {"seed", report.seed},
                                {"score", report.score}, {"max_score", report.maxScore}}}};
    Json log = {{"$schema", kSchema}, {"version", "2.1.0"}, {"runs", Json::array({run})}};
    out << log.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace grader
