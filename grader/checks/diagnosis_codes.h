// The diagnosis codes: one stable name per cause a check can report
// (checks/finding.h), with the line CONTRACT.md gives it and the lesson
// text's section that teaches it. Class reports count findings by code;
// SARIF's ruleId is the code. A code never changes its meaning; a new cause
// gets a new code.
// Non-goal: the wording of a finding (each check writes its own, with the
// student's names and numbers).
#pragma once

#include <string>
#include <vector>

namespace grader {

/// One documented diagnosis code.
struct DiagnosisCode {
    const char* code;     ///< e.g. "barrier.missing-after-compute"
    const char* summary;  ///< one line: the cause, as CONTRACT.md lists it
    const char* teaches;  ///< the lesson text's section about it ("" : the lesson's "Common mistakes" section)
};

/// Every code a finding may carry, grouped by family, in CONTRACT.md's order.
const std::vector<DiagnosisCode>& diagnosisCodes();

/// The entry of `code`, or nullptr for a code the table lacks.
const DiagnosisCode* findDiagnosisCode(const std::string& code);

}  // namespace grader
