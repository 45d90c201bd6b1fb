// Taking a submission in (batch/intake.h): a folder is read where it is, a
// loose file is copied in as its lesson's file, and one that cannot be graded
// says why without touching the work folder.
#include <doctest/doctest.h>

#include "batch/intake.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

const std::string kIntakeCourse = fixtures::courseYaml("Intake", {{1, "Naive"}});

/// A course of one lesson and a work folder, in a temporary folder.
struct IntakeFixture {
    TempFolder tmp{"intake"};
    Course course;
    fs::path unpacked = tmp.path / "work" / "ada";
    IntakeFixture() {
        writeText(tmp.path / "course.yaml", kIntakeCourse);
        course = *loadCourse(tmp.path / "course.yaml");
    }
    /// `sub` taken in with the default limits and this grader as the unpacker.
    Intake takeIn(const Submission& sub, StudentResult& result) const {
        return takeInSubmission(course, sub, ArchiveLimits{}, "", unpacked, result);
    }
};

/// Ada's submission of `kind` at `path` (`reason`: why an unusable one cannot be graded).
Submission adaSubmission(const fs::path& path, SubmissionKind kind, const std::string& reason = "") {
    Submission sub;
    sub.id = "ada";
    sub.path = path;
    sub.kind = kind;
    sub.reason = reason;
    return sub;
}

}  // namespace

TEST_CASE("a folder is read where it is, and nothing is written for it") {
    IntakeFixture f;
    const Submission sub = adaSubmission(f.tmp.path / "class" / "ada", SubmissionKind::Folder);
    writeText(sub.path / "matmul_naive.cu", "// ada");
    StudentResult result;
    const Intake intake = f.takeIn(sub, result);
    CHECK_FALSE(intake.stopped);
    CHECK(intake.root == sub.path);
    CHECK_FALSE(fs::exists(f.unpacked));
}

TEST_CASE("a loose file is copied into the work folder as the file of the lesson its name names, with a note") {
    IntakeFixture f;
    const Submission sub = adaSubmission(f.tmp.path / "class" / "ada_matmul_naive.cu", SubmissionKind::File);
    writeText(sub.path, "// ada");
    StudentResult result;
    const Intake intake = f.takeIn(sub, result);
    CHECK_FALSE(intake.stopped);
    CHECK(intake.root == f.unpacked);
    CHECK(readText(f.unpacked / "01-naive-kernel" / "matmul_naive.cu") == "// ada");
    REQUIRE(result.notes.size() == 1);
    CHECK(result.notes[0] == "a loose file: ada_matmul_naive.cu graded as lesson1's matmul_naive.cu");
}

TEST_CASE("a submission that cannot be graded says why: unusable, or a loose file that names no lesson") {
    IntakeFixture f;
    StudentResult result;
    const Submission unusable = adaSubmission(f.tmp.path / "class" / "ada", SubmissionKind::Unusable, "a link; links are never followed");
    const Intake linked = f.takeIn(unusable, result);
    REQUIRE(linked.stopped);
    CHECK(linked.stopped->status == "not graded");
    CHECK(linked.stopped->message == "a link; links are never followed");

    const Submission loose = adaSubmission(f.tmp.path / "class" / "notes.cu", SubmissionKind::File);
    writeText(loose.path, "// notes");
    const Intake unnamed = f.takeIn(loose, result);
    REQUIRE(unnamed.stopped);
    CHECK(unnamed.stopped->message.rfind("a loose .cu file whose name names no single lesson", 0) == 0);
    CHECK_FALSE(fs::exists(f.unpacked));
}
