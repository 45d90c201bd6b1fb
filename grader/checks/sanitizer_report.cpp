// Regular-expression readers of compute-sanitizer's report formats.
#include "checks/sanitizer_report.h"

#include <map>
#include <regex>

namespace grader {

namespace {

std::string baseName(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

/// "(15,4,0)" -> "(15,4)", as the lessons write 2-D coordinates.
std::string coords(const std::string& text) {
    if (text.size() > 4 && text.compare(text.size() - 3, 3, ",0)") == 0) return text.substr(0, text.size() - 3) + ")";
    return text;
}

void addFinding(std::vector<SanitizerFinding>& list, std::map<std::string, size_t>& index, SanitizerFinding f) {
    const std::string key = f.kind + f.firstFile + std::to_string(f.firstLine) + f.secondFile + std::to_string(f.secondLine);
    auto it = index.find(key);
    if (it != index.end()) {
        ++list[it->second].count;
        return;
    }
    f.count = 1;
    index[key] = list.size();
    list.push_back(std::move(f));
}

}  // namespace

SanitizerReport parseRacecheck(const std::string& output) {
    // --racecheck-report hazard: one report per hazard, two access lines.
    static const std::regex hazard(
        R"((?:Error|Warning): (?:\([^)]*\) )?Potential (RAW|WAR|WAW) hazard detected at __shared__ \S+ in block (\(\d+,\d+,\d+\))[^\n]*\n)"
        R"([=\s]*(Read|Write) Thread (\(\d+,\d+,\d+\)) at .*? in (\S+):(\d+)\s*\n)"
        R"([=\s]*(Read|Write) Thread (\(\d+,\d+,\d+\)) at .*? in (\S+):(\d+))");
    // --racecheck-report analysis: "Race reported between A access at ... and B access at ...".
    static const std::regex analysis(
        R"(Race reported between (\w+) access at .*? in (\S+):(\d+)\s*\n?[=\s]*and (\w+) access at .*? in (\S+):(\d+))");
    static const std::regex summary(R"(RACECHECK SUMMARY: \d+ hazards? displayed \((\d+) errors?, (\d+) warnings?\))");
    SanitizerReport r;
    std::map<std::string, size_t> index;
    for (std::sregex_iterator it(output.begin(), output.end(), hazard), end; it != end; ++it) {
        const auto& m = *it;
        SanitizerFinding f;
        f.kind = m[1].str();
        f.block = coords(m[2].str());
        f.firstAccess = m[3].str();
        f.firstThread = coords(m[4].str());
        f.firstFile = baseName(m[5].str());
        f.firstLine = std::stoi(m[6].str());
        f.secondAccess = m[7].str();
        f.secondThread = coords(m[8].str());
        f.secondFile = baseName(m[9].str());
        f.secondLine = std::stoi(m[10].str());
        addFinding(r.findings, index, std::move(f));
    }
    for (std::sregex_iterator it(output.begin(), output.end(), analysis), end; it != end; ++it) {
        const auto& m = *it;
        SanitizerFinding f;
        f.kind = "race";
        f.firstAccess = m[1].str();
        f.firstFile = baseName(m[2].str());
        f.firstLine = std::stoi(m[3].str());
        f.secondAccess = m[4].str();
        f.secondFile = baseName(m[5].str());
        f.secondLine = std::stoi(m[6].str());
        addFinding(r.findings, index, std::move(f));
    }
    std::smatch m;
    if (std::regex_search(output, m, summary)) {
        r.summaryFound = true;
        r.errors = std::stol(m[1].str()) + std::stol(m[2].str());
    }
    return r;
}

SanitizerReport parseSynccheck(const std::string& output) {
    static const std::regex barrier(
        R"(Barrier error detected\. ([^\n]*)\n[=\s]*at .*? in (\S+):(\d+)\s*\n[=\s]*by thread (\(\d+,\d+,\d+\)) in block (\(\d+,\d+,\d+\)))");
    static const std::regex summary(R"(ERROR SUMMARY: (\d+) errors?)");
    SanitizerReport r;
    std::map<std::string, size_t> index;
    for (std::sregex_iterator it(output.begin(), output.end(), barrier), end; it != end; ++it) {
        const auto& m = *it;
        SanitizerFinding f;
        f.kind = "divergent";
        f.detail = m[1].str();
        f.firstFile = baseName(m[2].str());
        f.firstLine = std::stoi(m[3].str());
        f.firstThread = coords(m[4].str());
        f.block = coords(m[5].str());
        addFinding(r.findings, index, std::move(f));
    }
    std::smatch m;
    if (std::regex_search(output, m, summary)) {
        r.summaryFound = true;
        r.errors = std::stol(m[1].str());
    }
    return r;
}

}  // namespace grader
