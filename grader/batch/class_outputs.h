// The class-level outputs built from the per-student results in RESULTS:
//   gradebook.csv          one row per student: id, name, source, a column per
//                          lesson, total, max_total, late, status, notes
//   junit.xml              a testsuite per student, a testcase per check
//   gradescope/<id>.json   Gradescope's results.json format, one per student
//   report.html            the self-contained class report (html_report.h)
//   similarity.csv         every pair of files of a lesson that share code (class_similarity.h), when compared
// Each file is written atomically, so a reader never sees half of one.
// Non-goals: grading; reading results back (results.h).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/class_similarity.h"
#include "batch/results.h"
#include "core/course.h"

namespace grader {

/// Who a student is, as the gradebook and the LMS import files name them.
struct StudentIdentity {
    std::string lmsId;   ///< the LMS's user id or username (the roster's id when rostered)
    std::string name;    ///< the roster's name, else the layout's
    std::string email, sisId, login, section;  ///< from the roster
    bool rostered = false;
};

/// The whole class as the outputs show it.
struct ClassView {
    const Course& course;
    std::vector<StudentResult> students;  ///< sorted by id
    std::vector<std::string> missing;     ///< handed in, but no result yet (a shard not run, a run killed)
    std::vector<std::string> notes;       ///< entries of SUBMISSIONS that are not submissions
    std::string generatedAt;              ///< UTC, ISO 8601
    std::map<std::string, std::string> sources;  ///< id -> the name as handed in, for every entry (those missing too)
    std::map<std::string, StudentIdentity> identities;  ///< id -> who (every student; absent in views built by hand)
    std::string layout;                          ///< the layout's title ("Canvas flat")
    /// id -> the results of the student's earlier submissions (history/), oldest first; absent when none.
    std::map<std::string, std::vector<StudentResult>> earlier;
    const ClassSimilarity* similarity = nullptr;  ///< similar submissions (none: not compared)
    bool showNames = false;                      ///< --names: the speed board names students

    /// The name the outputs give student `id` (its result's when there is no identity).
    std::string nameOf(const std::string& id, const StudentResult* result) const;
};

/// gradebook.csv's text.
std::string gradebookCsv(const ClassView& view);
/// junit.xml's text.
std::string junitXml(const ClassView& view);
/// One student's Gradescope results.json.
nlohmann::json gradescopeJson(const StudentResult& result);
/// Writes gradebook.csv, junit.xml, mistakes.csv, gradescope/<id>.json, similarity.csv (when compared) and report.html into `out`.
std::optional<Error> writeClassOutputs(const ClassView& view, const std::filesystem::path& out);

}  // namespace grader
