// Regular-expression readers of compute-sanitizer's report formats.
#include "checks/sanitizer_report.h"

#include <map>
#include <regex>

// A finding is written with designated initializers: the fields a report format lacks keep their defaults.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

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

/// A finding made from one match of a report's pattern.
using FindingReader = SanitizerFinding (*)(const std::smatch&);

/// racecheck's hazard report: the kind, the block, and the two accesses with their threads.
SanitizerFinding readHazard(const std::smatch& m) {
    return SanitizerFinding{.kind = m[1].str(), .firstAccess = m[3].str(), .firstFile = baseName(m[5].str()),
                            .firstLine = std::stoi(m[6].str()), .firstThread = coords(m[4].str()), .secondAccess = m[7].str(),
                            .secondFile = baseName(m[9].str()), .secondLine = std::stoi(m[10].str()),
                            .secondThread = coords(m[8].str()), .block = coords(m[2].str())};
}

/// racecheck's analysis report: a race between two accesses, without threads.
SanitizerFinding readRaceAnalysis(const std::smatch& m) {
    return SanitizerFinding{.kind = "race", .firstAccess = m[1].str(), .firstFile = baseName(m[2].str()),
                            .firstLine = std::stoi(m[3].str()), .secondAccess = m[4].str(), .secondFile = baseName(m[5].str()),
                            .secondLine = std::stoi(m[6].str())};
}

/// synccheck's barrier error: its words, the barrier's line, the thread and the block.
SanitizerFinding readBarrierError(const std::smatch& m) {
    return SanitizerFinding{.kind = "divergent", .firstFile = baseName(m[2].str()), .firstLine = std::stoi(m[3].str()),
                            .firstThread = coords(m[4].str()), .block = coords(m[5].str()), .detail = m[1].str()};
}

/// The findings each reader makes of its pattern's matches in `output` (the same source lines count once more),
/// and the summary line when there is one: the tool finished, with the sum of the line's counts as its errors.
SanitizerReport readReport(const std::string& output, std::initializer_list<std::pair<const std::regex&, FindingReader>> readers,
                           const std::regex& summary) {
    SanitizerReport r;
    std::map<std::string, size_t> index;
    for (const auto& [pattern, read] : readers)
        for (std::sregex_iterator it(output.begin(), output.end(), pattern), end; it != end; ++it) addFinding(r.findings, index, read(*it));
    std::smatch m;
    if (!std::regex_search(output, m, summary)) return r;
    r.summaryFound = true;
    for (size_t i = 1; i < m.size(); ++i) r.errors += std::stol(m[i].str());
    return r;
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
    return readReport(output, {{hazard, readHazard}, {analysis, readRaceAnalysis}}, summary);
}

SanitizerReport parseSynccheck(const std::string& output) {
    static const std::regex barrier(
        R"(Barrier error detected\. ([^\n]*)\n[=\s]*at .*? in (\S+):(\d+)\s*\n[=\s]*by thread (\(\d+,\d+,\d+\)) in block (\(\d+,\d+,\d+\)))");
    static const std::regex summary(R"(ERROR SUMMARY: (\d+) errors?)");
    return readReport(output, {{barrier, readBarrierError}}, summary);
}

}  // namespace grader

#pragma GCC diagnostic pop  // the files a unity build puts after this one keep the warning
