// Shown findings from the checks' findings: the places come from the data
// (checks/finding.h); the message's lines say only the order, and which lines
// are the closing notes.
#include "report/findings.h"

#include <sstream>

namespace grader {

const char* levelWord(FindingLevel level) { return level == FindingLevel::Warning ? "warning" : "error"; }

namespace {

/// The check's first place: its first finding that names one, or 1:1.
Place anchorOf(const CheckResult& check) {
    for (const auto& finding : check.findings)
        if (finding.at.known()) return finding.at;
    return {1, 1};
}

/// The shown findings of one check that did not pass, appended to `shown`.
void showCheck(const CheckResult& check, std::vector<ShownFinding>& shown) {
    const FindingLevel level = check.status == Status::Skip || check.status == Status::Todo ? FindingLevel::Warning : FindingLevel::Error;
    const Place anchor = anchorOf(check);
    bool anchorPlaced = false;  // a finding of the check named the anchor
    for (const auto& f : check.findings) anchorPlaced |= f.at.known();
    const std::string firstCode = check.findings.empty() ? uncodedFindingCode(check.status) : check.findings.front().code;
    const size_t first = shown.size();
    size_t next = 0;  // the next finding of the check, in message order
    std::stringstream message(check.message);
    for (std::string line; std::getline(message, line);) {
        const Finding* finding = next < check.findings.size() && line == check.findings[next].lead + check.findings[next].text
                                     ? &check.findings[next++] : nullptr;
        if (finding && finding->at.known()) {
            ShownFinding placed{check.name, finding->code, level, finding->at, true, finding->text, {}};
            for (const auto& related : finding->related) placed.notes.push_back({related.at, related.text, true});
            shown.push_back(std::move(placed));
        } else if (shown.size() == first) {
            shown.push_back({check.name, finding ? finding->code : firstCode, level, anchor, anchorPlaced, finding ? finding->text : line, {}});
        } else {
            shown.back().notes.push_back({anchor, line, false});
        }
    }
    if (shown.size() == first) shown.push_back({check.name, firstCode, level, anchor, false, statusWord(check.status), {}});
}

}  // namespace

std::vector<ShownFinding> findingsOf(const LessonReport& report) {
    std::vector<ShownFinding> shown;
    for (const auto& check : report.checks)
        if (check.status != Status::Pass) showCheck(check, shown);
    return shown;
}

}  // namespace grader
