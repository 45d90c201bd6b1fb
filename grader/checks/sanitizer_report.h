// Reads compute-sanitizer's racecheck and synccheck reports (as printed by
// CUDA 13's compute-sanitizer, in both racecheck report styles) into
// structured findings: one per distinct pair of source lines.
// Non-goal: the memcheck and initcheck tools.
#pragma once

#include <string>
#include <vector>

namespace grader {

/// One shared-memory hazard or divergent barrier found by the sanitizer.
struct SanitizerFinding {
    std::string kind;           ///< RAW, WAR, WAW, or "divergent"
    std::string firstAccess;    ///< "Write" / "Read" (races)
    std::string firstFile;      ///< base name
    int firstLine = 0;
    std::string firstThread;    ///< "(0,4)"
    std::string secondAccess;
    std::string secondFile;
    int secondLine = 0;
    std::string secondThread;
    std::string block;          ///< "(0,2)"
    std::string detail;         ///< synccheck's own words, e.g. "Divergent thread(s) in warp."
    long count = 0;             ///< reports with the same source lines
};

/// What one sanitizer run printed.
struct SanitizerReport {
    bool summaryFound = false;  ///< the tool finished and printed its summary
    long errors = 0;
    std::vector<SanitizerFinding> findings;
};

/// Parses `compute-sanitizer --tool racecheck` output.
SanitizerReport parseRacecheck(const std::string& output);
/// Parses `compute-sanitizer --tool synccheck` output.
SanitizerReport parseSynccheck(const std::string& output);

}  // namespace grader
