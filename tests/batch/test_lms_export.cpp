// LMS import files from a class built by hand: Canvas's columns and quoting
// (a name with a comma, accents, an empty grade for a result not there yet),
// Moodle's grade CSV, and the feedback zip's folder names read back with
// the grader's own archive reader. The end-to-end round trip through the
// real batch is tests/batch/lms_roundtrip.sh.
#include <doctest/doctest.h>

#include "batch/archive.h"
#include "batch/lms_export.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

Course oneLesson() {
    auto parsed = parseCourse(R"(course: {title: Tiled matmul}
lessons:
  - {id: lesson1, title: t, folder: 01-naive-kernel, student_file: matmul_naive.cu, solution_file: matmul_naive.cu,
     label: lesson1, checks: [{name: compile, points: 10}]}
)", "course.yaml", "/kit");
    REQUIRE(parsed.ok());
    return *parsed;
}

StudentResult graded(const std::string& id, int score, bool late = false) {
    StudentResult r;
    r.id = id;
    r.late = late;
    LessonOutcome l;
    l.submitted = true;
    l.report.lesson = "lesson1";
    l.report.score = score;
    l.report.maxScore = 10;
    l.report.checks.push_back({"compile", score == 10 ? Status::Pass : Status::Fail, "", score, 10});
    r.lessons.push_back(l);
    return r;
}

}  // namespace

TEST_CASE("Canvas's import: its columns, the assignment's id, names quoted, an empty grade for a result not there yet") {
    const Course course = oneLesson();
    ClassView view{course, {graded("1001", 10), graded("1002", 7, true)}, {"1004"}, {}, "", {}};
    view.identities["1001"] = {"1001", "Lovelace, Ada", "ada@example.edu", "S1001", "ada", "Section A", true};
    view.identities["1002"] = {"1002", "Se\xc3\xa1n O'Brien", "", "", "", "", false};
    view.identities["1004"] = {"1004", "Nguy\xe1\xbb\x85n V\xc4\x83n An", "", "S1004", "", "", true};
    const std::string csv = canvasImportCsv(view, {"Tiled matmul", "4242"});
    CHECK(csv == "\xEF\xBB\xBF" "Student,ID,SIS User ID,SIS Login ID,Section,Tiled matmul (4242)\r\n"
                 "Points Possible,,,,,10\r\n"
                 "\"Lovelace, Ada\",1001,S1001,ada,Section A,10\r\n"
                 "Se\xc3\xa1n O'Brien,1002,,,,7\r\n"
                 "Nguy\xe1\xbb\x85n V\xc4\x83n An,1004,S1004,,,\r\n");
    const std::string moodle = moodleGradesCsv(view, {"Tiled matmul", ""});
    CHECK(moodle == "Full name,Email address,ID number,Tiled matmul,Feedback\n"
                    "\"Lovelace, Ada\",ada@example.edu,S1001,10,10/10\n"
                    "Se\xc3\xa1n O'Brien,,,7,\"7/10, late\"\n"
                    "Nguy\xe1\xbb\x85n V\xc4\x83n An,,S1004,,\n");
}

TEST_CASE("Moodle's feedback zip: one feedback.txt per student in the folder Moodle reads the participant id from") {
    const Course course = oneLesson();
    TempFolder tmp("lms-zip");
    ClassView view{course, {graded("12345", 10), graded("ada", 3)}, {}, {}, "", {}};
    view.identities["12345"] = {"12345", "Zoe_Smith", "", "", "", "", false};  // accents: lms_roundtrip.sh, with unzip
    auto summary = writeLmsExports(view, {"moodle"}, {"HW", ""}, tmp.path);
    REQUIRE(summary.ok());
    CHECK(summary->files.size() == 2);
    std::string notes;
    for (const auto& n : summary->notes) notes += n + "\n";
    CHECK(notes.find("moodle_feedback.zip: 1 student has no Moodle participant id; left out") != std::string::npos);
    CHECK(notes.find("neither email nor ID number") != std::string::npos);
    fs::create_directories(tmp.path / "unzipped");
    auto unpacked = extractArchive(tmp.path / "moodle_feedback.zip", tmp.path / "unzipped", ArchiveLimits{});
    REQUIRE_MESSAGE(unpacked.ok(), (unpacked.ok() ? "" : unpacked.error().format()));
    CHECK(unpacked->files == 1);
    const fs::path feedback = tmp.path / "unzipped" / "Zoe Smith_12345_assignsubmission_file_" / "feedback.txt";
    REQUIRE(fs::exists(feedback));
    CHECK(readText(feedback).find("10/10") != std::string::npos);
}
