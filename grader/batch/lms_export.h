// Grades back into an LMS (`grader batch --export canvas|moodle|csv`), in
// each one's own import format:
//   canvas_import.csv    Canvas's gradebook import: Student, ID, SIS User ID,
//                        SIS Login ID, Section, "<assignment> (<assignment id>)",
//                        a "Points Possible" row, then one row per student
//                        (UTF-8 with a byte order mark, CRLF, as Canvas exports)
//   moodle_grades.csv    Moodle's grade import (Grades > Import > CSV file):
//                        Full name, Email address, ID number, the assignment,
//                        Feedback; Moodle matches a row by email or ID number
//   moodle_feedback.zip  Moodle's "upload multiple feedback files in a zip":
//                        "<Full Name>_<participantid>_assignsubmission_file_/feedback.txt",
//                        each the student's text feedback (feedback.h)
//   csv                  the gradebook itself (class_outputs.h)
// A student without a result yet gets an empty grade (the LMS keeps what it
// has); a rostered student who handed in nothing gets 0.
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
};

/// The --export names, in the order --help lists them.
const std::vector<std::string>& exportNames();

/// canvas_import.csv's text.
std::string canvasImportCsv(const ClassView& view, const AssignmentRef& assignment);
/// moodle_grades.csv's text.
std::string moodleGradesCsv(const ClassView& view, const AssignmentRef& assignment);
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
