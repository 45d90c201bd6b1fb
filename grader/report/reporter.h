// Reporters turn lesson reports into text for people or machines; checks
// never format output. Console (one line per check and a score, colour only
// on a terminal without NO_COLOR), JSON (the same facts, CONTRACT.md), gcc
// ("FILE:LINE:COL: error: ..." lines for editors' quickfix lists) and SARIF
// (the same findings for code scanning, as a pull request's annotations).
// Non-goal: batch outputs (gradebook, HTML), which build on these.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>
#include <utility>

#include "checks/check.h"
#include "report/sarif_reporter.h"

namespace grader {

/// Writes one lesson report in some format.
class Reporter {
public:
    virtual ~Reporter() = default;
    /// Writes `report` to `out`.
    virtual void write(const LessonReport& report, std::ostream& out) const = 0;
};

/// The console reporter; `colour` adds ANSI colours to the verdict words.
class ConsoleReporter : public Reporter {
public:
    explicit ConsoleReporter(bool colour) : colour_(colour) {}
    void write(const LessonReport& report, std::ostream& out) const override;

private:
    bool colour_;
};

/// The JSON reporter: one object per lesson, as CONTRACT.md specifies.
class JsonReporter : public Reporter {
public:
    void write(const LessonReport& report, std::ostream& out) const override;
};

/// The gcc reporter: a "FILE:LINE:COL: error|warning|note: message" line per place a failing
/// check names (FILE as given on the command line; 1:1 where it names none) and the score as a note.
class GccReporter : public Reporter {
public:
    void write(const LessonReport& report, std::ostream& out) const override;
};

/// The SARIF reporter: a SARIF 2.1.0 log of one run whose results are the gcc reporter's
/// errors and warnings (findings.h), the file placed as `artifact` says.
class SarifReporter : public Reporter {
public:
    explicit SarifReporter(SarifArtifact artifact) : artifact_(std::move(artifact)) {}
    void write(const LessonReport& report, std::ostream& out) const override;

private:
    SarifArtifact artifact_;
};

/// The JSON object `grader check --json` prints for `report` (also each lesson of a batch result).
nlohmann::json lessonReportJson(const LessonReport& report);

/// A check's findings as JSON: [{"code", "text", "hint", "line", "column", "related": [{"line", "column", "text"}]}];
/// hint only where the check gives one, line and column only where the finding names a place.
nlohmann::json findingsJson(const std::vector<Finding>& findings);
/// A check's measurements as JSON: [{"name", "median", and with a spread "min", "max", "runs"}].
nlohmann::json measurementsJson(const std::vector<Measurement>& measurements);
/// Measurements read back from measurementsJson's form; entries without a name are left out, wrong fields read as 0.
std::vector<Measurement> measurementsFromJson(const nlohmann::json& json);

/// Findings read back from findingsJson's form; entries of the wrong shape are left out, wrong fields read as absent.
std::vector<Finding> findingsFromJson(const nlohmann::json& json);

/// True when stdout is a terminal and NO_COLOR is unset.
bool colourWanted();

}  // namespace grader
