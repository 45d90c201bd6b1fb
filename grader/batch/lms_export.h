// Grades back into an LMS (`grader batch --export canvas|moodle|csv`), in
// each one's own import format:
//   canvas_import.csv    Canvas's gradebook import: Student, ID, SIS User ID,
//                        SIS Login ID, Section, "<assignment> (<assignment id>)",
//                        a "Points Possible" row, then one row per student
//                        (UTF-8 with a byte order mark, CRLF, as Canvas exports)
//   moodle_grades.csv    Moodle's grade import (Grades > Import > CSV file):
//                        Full name, Email address, ID number, the assignment,
//                        Feedback; Moodle matches a row by email or ID number
//                        and aborts the whole import on a row it cannot match,
//                        so a student with neither is left out (with a note)
//   moodle_worksheet.csv with a Moodle grading worksheet as the roster: that
//                        worksheet with its Grade column filled in (and empty
//                        Feedback comments), every other cell as it was, for
//                        the assignment's "Upload grading worksheet"
//   moodle_feedback.zip  Moodle's "upload multiple feedback files in a zip":
//                        "<Full Name>_<participantid>_assignsubmission_file_/feedback.txt",
//                        each the student's text feedback (feedback.h)
//   csv                  the gradebook itself (class_outputs.h)
// A student with nothing gradable (no result yet, nothing handed in, no
// lesson's file found, a submission refused) gets an empty grade, so the LMS
// keeps what it has (a grade entered by hand); with --missing-as-zero, 0.
// Non-goals: talking to an LMS over the network; letter grades.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "batch/class_outputs.h"

namespace grader {

/// The assignment the grades are for, as the LMS names it.
struct AssignmentRef {
    std::string name;  ///< --assignment, default the course title
    std::string id;    ///< --assignment-id: Canvas's number for it (in its URL)
    bool missingAsZero = false;  ///< --missing-as-zero: 0 instead of an empty grade for a student with nothing gradable
    std::filesystem::path moodleWorksheet;  ///< the Moodle grading worksheet given as the roster, written back filled in
};

/// True when `result` holds something graded: a graded submission with at least one lesson's file.
bool hasGradableWork(const StudentResult* result);

/// The --export names, in the order --help lists them.
const std::vector<std::string>& exportNames();

/// canvas_import.csv's text.
std::string canvasImportCsv(const ClassView& view, const AssignmentRef& assignment);
/// moodle_grades.csv's text; `leftOut` gets the names of the students Moodle could not match (no email, no ID number).
std::string moodleGradesCsv(const ClassView& view, const AssignmentRef& assignment, std::vector<std::string>* leftOut = nullptr);
/// The Moodle grading worksheet `worksheet` (its text) with the grades filled in; `notes` gets what Moodle would skip.
Expected<std::string> moodleWorksheetCsv(const ClassView& view, const AssignmentRef& assignment, const std::string& worksheet,
                                         const std::string& where, std::vector<std::string>& notes);
/// The folder Moodle expects a student's feedback files in: the one its download had, else
/// "<name>_<participantid>_assignsubmission_file_"; "" when the student has no numeric participant id.
std::string moodleFeedbackFolder(const ClassView& view, const StudentResult& result);
/// Writes moodle_feedback.zip (stored, UTF-8 names).
std::optional<Error> writeMoodleFeedbackZip(const ClassView& view, const std::filesystem::path& zip);

/// What the exports wrote, and what the instructor should know about them.
struct ExportSummary {
    std::vector<std::filesystem::path> files;
    std::vector<std::string> notes;  ///< "2 students have neither email nor ID number: Moodle cannot match them"
};
/// Writes the import files of `exports` ("canvas", "moodle", "csv") into `out`.
Expected<ExportSummary> writeLmsExports(const ClassView& view, const std::vector<std::string>& exports, const AssignmentRef& assignment,
                                        const std::filesystem::path& out);

}  // namespace grader
