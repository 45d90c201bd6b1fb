// Findings from check messages, by splitting each message into lines and
// looking for places with findMessageLocations.
#include "report/findings.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace grader {

namespace {

std::string trimmed(std::string text) {
    const char* space = " \t,;.";
    text.erase(0, std::min(text.size(), text.find_first_not_of(space)));
    if (text.rfind("and ", 0) == 0) text.erase(0, 4);
    return text;
}

/// The words of `line` that lead up to `location` from the place named before
/// it, from the last sentence or clause that begins between them.
std::string clauseBefore(const std::string& line, const MessageLocation& location, size_t from) {
    std::string clause = line.substr(from, location.end - from);
    size_t start = 0;
    for (const char* separator : {". ", ": ", "; "})
        if (const size_t at = clause.rfind(separator); at != std::string::npos) start = std::max(start, at + 2);
    clause = trimmed(clause.substr(start));
    constexpr size_t kMax = 160;
    if (clause.size() > kMax) clause = "..." + clause.substr(clause.size() - kMax);
    return clause;
}

}  // namespace

const char* levelWord(FindingLevel level) { return level == FindingLevel::Warning ? "warning" : "error"; }

std::vector<Finding> findingsOf(const LessonReport& report) {
    const std::string baseName = std::filesystem::path(report.file).filename().string();
    const MessageLocation top{1, 1};
    std::vector<Finding> findings;
    for (const auto& check : report.checks) {
        if (check.status == Status::Pass) continue;
        const FindingLevel level = check.status == Status::Skip || check.status == Status::Todo ? FindingLevel::Warning : FindingLevel::Error;
        const auto all = findMessageLocations(check.message, baseName);
        const MessageLocation anchor = all.empty() ? top : all.front();
        const size_t first = findings.size();
        const auto add = [&](const MessageLocation& at, bool placed, std::string text) {
            findings.push_back({check.name, level, at, placed, std::move(text), {}});
            return &findings.back();
        };
        std::stringstream message(check.message);
        std::string line;
        while (std::getline(message, line)) {
            const auto places = findMessageLocations(line, baseName);
            if (places.empty()) {
                if (findings.size() == first) add(anchor, !all.empty(), line);
                else findings.back().notes.push_back({anchor, line, false});
                continue;
            }
            // A compiler's "k.cu:11:16: message" says its place once, in front.
            std::string said = line;
            if (places.front().begin == 0 && line.compare(places.front().end, 2, ": ") == 0) said = line.substr(places.front().end + 2);
            Finding* finding = add(places.front(), true, said);
            size_t from = places.front().end;
            for (size_t i = 1; i < places.size(); ++i) {
                finding->notes.push_back({places[i], clauseBefore(line, places[i], from), true});
                from = places[i].end;
            }
        }
        if (findings.size() == first) add(anchor, false, statusWord(check.status));
    }
    return findings;
}

}  // namespace grader
