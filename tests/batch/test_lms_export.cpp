// LMS import files from a class built by hand: Canvas's columns and quoting
// (a name with a comma, accents, an empty grade for a result not there yet),
// Moodle's grade CSV, and the feedback zip's folder names read back with
// the grader's own archive reader. The end-to-end round trip through the
// real batch is tests/batch/lms_roundtrip.sh.
#include <doctest/doctest.h>

#include "batch/archive.h"
#include "batch/lms_export.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

Course oneLesson() { return fixtures::parsedCourse(fixtures::courseYaml("Tiled matmul", {{1, "t", "{name: compile, points: 10}"}})); }

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
    std::vector<std::string> leftOut;  // neither email nor ID number: Moodle's import would abort on the row
    const std::string moodle = moodleGradesCsv(view, {"Tiled matmul", ""}, &leftOut);
    CHECK(moodle == "Full name,Email address,ID number,Tiled matmul,Feedback\n"
                    "\"Lovelace, Ada\",ada@example.edu,S1001,10,10/10\n"
                    "Nguy\xe1\xbb\x85n V\xc4\x83n An,,S1004,,\n");
    CHECK(leftOut == std::vector<std::string>{"Se\xc3\xa1n O'Brien"});
}

TEST_CASE("nothing gradable is an empty grade, never 0, unless --missing-as-zero asks") {
    const Course course = oneLesson();
    StudentResult textOnly;  // online text alone: not graded
    textOnly.id = "1003";
    textOnly.status = "not graded";
    textOnly.message = "no file handed in (online text only)";
    StudentResult absent = textOnly;  // on the roster, nothing handed in
    absent.id = "1005";
    absent.status = "not submitted";
    StudentResult noFile = graded("1006", 0);  // graded, but no lesson's file was found
    noFile.lessons.front().submitted = false;
    ClassView view{course, {graded("1001", 0), textOnly, absent, noFile}, {}, {}, "", {}};
    for (const char* id : {"1001", "1003", "1005", "1006"}) view.identities[id] = {id, std::string("S") + id, std::string(id) + "@x.edu", "", "", "", true};
    const std::string empty = canvasImportCsv(view, {"HW", "1"});
    CHECK(empty.find("\r\nS1001,1001,,,,0\r\n") != std::string::npos);  // graded: a real 0
    CHECK(empty.find("\r\nS1003,1003,,,,\r\n") != std::string::npos);
    CHECK(empty.find("\r\nS1005,1005,,,,\r\n") != std::string::npos);
    CHECK(empty.find("\r\nS1006,1006,,,,\r\n") != std::string::npos);
    const std::string zero = canvasImportCsv(view, {"HW", "1", true});
    CHECK(zero.find("\r\nS1003,1003,,,,0\r\n") != std::string::npos);
    CHECK(zero.find("\r\nS1005,1005,,,,0\r\n") != std::string::npos);
    CHECK(moodleGradesCsv(view, {"HW", ""}).find("S1003,1003@x.edu,,,\n") != std::string::npos);
}

TEST_CASE("Moodle's grading worksheet comes back with its grades filled in and every other cell as it was") {
    const Course course = oneLesson();
    StudentResult textOnly;
    textOnly.id = "1187004";
    textOnly.status = "not graded";
    ClassView view{course, {graded("1187001", 7), graded("1187002", 12), textOnly}, {}, {}, "", {}};
    view.identities["1187001"] = {"1187001", "Ada Lovelace", "ada@x.edu", "", "", "", true};
    view.identities["1187002"] = {"1187002", "Grace Hopper", "grace@x.edu", "", "", "", true};
    view.identities["1187004"] = {"1187004", "Barbara Liskov", "barbara@x.edu", "", "", "", true};
    const std::string worksheet =
        "Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\",\"Last modified (grade)\",\"Feedback comments\"\n"
        "\"Participant 1187001\",\"Ada Lovelace\",ada@x.edu,\"Submitted for grading\",,10.00,-,\n"
        "\"Participant 1187002\",\"Grace Hopper\",grace@x.edu,\"Submitted for grading\",,10.00,-,\"Kept, as written\"\n"
        "\"Participant 1187004\",\"Barbara Liskov\",barbara@x.edu,\"Submitted for grading\",5.00,10.00,-,\n"
        "\"Participant 1187005\",\"Donald Knuth\",donald@x.edu,\"No submission\",,10.00,-,\n";
    std::vector<std::string> notes;
    auto filled = moodleWorksheetCsv(view, {"HW", ""}, worksheet, "worksheet.csv", notes);
    REQUIRE(filled.ok());
    CHECK(*filled == "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Last modified (grade),Feedback comments\n"
                     "Participant 1187001,Ada Lovelace,ada@x.edu,Submitted for grading,7,10.00,-,7/10\n"
                     "Participant 1187002,Grace Hopper,grace@x.edu,Submitted for grading,12,10.00,-,\"Kept, as written\"\n"
                     "Participant 1187004,Barbara Liskov,barbara@x.edu,Submitted for grading,5.00,10.00,-,\n"
                     "Participant 1187005,Donald Knuth,donald@x.edu,No submission,,10.00,-,\n");
    REQUIRE(notes.size() == 1);  // Grace's 12 is above the worksheet's maximum of 10
    CHECK(notes[0].find("above the worksheet's Maximum Grade") != std::string::npos);
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
