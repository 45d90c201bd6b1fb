// The class-level outputs built from the per-student results in RESULTS:
//   gradebook.csv          one row per student: id, a column per lesson, total,
//                          max_total, status, notes (spreadsheet / LMS import)
//   junit.xml              a testsuite per student, a testcase per check
//   gradescope/<id>.json   Gradescope's results.json format, one per student
//   report.html            the self-contained class report (html_report.h)
// Each file is written atomically, so a reader never sees half of one.
// Non-goals: grading; reading results back (results.h).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/results.h"
#include "core/course.h"

namespace grader {

/// The whole class as the outputs show it.
struct ClassView {
    const Course& course;
    std::vector<StudentResult> students;  ///< sorted by id
    std::vector<std::string> missing;     ///< handed in, but no result yet (a shard not run, a run killed)
    std::vector<std::string> notes;       ///< entries of SUBMISSIONS that are not submissions
    std::string generatedAt;              ///< UTC, ISO 8601
    std::map<std::string, std::string> sources;  ///< id -> the name as handed in, for every entry (those missing too)
};

/// gradebook.csv's text.
std::string gradebookCsv(const ClassView& view);
/// junit.xml's text.
std::string junitXml(const ClassView& view);
/// One student's Gradescope results.json.
nlohmann::json gradescopeJson(const StudentResult& result);
/// Writes gradebook.csv, junit.xml, gradescope/<id>.json and report.html into `out`.
std::optional<Error> writeClassOutputs(const ClassView& view, const std::filesystem::path& out);

}  // namespace grader
