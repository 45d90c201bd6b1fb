// Archives inside a submission (batch/nested_archives.h): a student's lab.zip
// unpacked beside itself with the top-level limits, an archive inside it only
// named, a hostile one refused with nothing written outside, the folder
// copied (links left out) rather than written, and the names as handed in.
#include <doctest/doctest.h>

#include "batch/discovery.h"
#include "batch/nested_archives.h"
#include "core/stored_zip.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

void writeZip(const fs::path& path, const std::vector<ZipEntry>& entries) {
    auto bytes = storedZip(entries);
    REQUIRE(bytes.ok());
    writeText(path, *bytes);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += line + "\n";
    return text;
}

}  // namespace

TEST_CASE("a lab.zip in a student's folder is unpacked beside itself in the grader's copy; an archive inside it is only named") {
    TempFolder tmp("nested");
    const fs::path handedIn = tmp.path / "Ada Lovelace_1187001_assignsubmission_file";
    auto inner = storedZip({{"matmul_tiled.cu", "inner", 0644}});
    REQUIRE(inner.ok());
    writeZip(handedIn / "lab.zip", {{"lab/matmul_naive.cu", "naive", 0644}, {"lab/inner.zip", *inner, 0644}});
    writeText(handedIn / "notes.txt", "hi");
    fs::create_directory_symlink("/etc", handedIn / "etc-link");
    CHECK(archivesInside(handedIn) == std::vector<fs::path>{"lab.zip"});

    const fs::path copy = tmp.path / "work" / "ada";
    REQUIRE_FALSE(copySubmissionFolder(handedIn, copy, ArchiveLimits{}));
    CHECK(fs::exists(copy / "lab.zip"));
    CHECK(fs::exists(copy / "notes.txt"));
    CHECK_FALSE(fs::exists(fs::symlink_status(copy / "etc-link")));  // links left out
    const NestedArchives nested = openNestedArchives(copy, ArchiveLimits{}, UNPACK_CRASH_HELPER);
    REQUIRE(nested.opened.size() == 1);
    CHECK(nested.opened[0].archive == "lab.zip");
    CHECK(nested.opened[0].folder == "lab.zip.d");
    CHECK(readText(copy / "lab.zip.d" / "lab" / "matmul_naive.cu") == "naive");
    CHECK(joined(nested.notes) ==
          "lab.zip: an archive in the submission, unpacked (2 files); the lesson files in it are graded\n"
          "lab.zip/lab/inner.zip: an archive inside an archive, not opened (hand in the files, or one archive holding them)\n");
    CHECK_FALSE(fs::exists(copy / "lab.zip.d" / "lab" / "inner.zip.d"));
    CHECK(handedInPath("lab.zip.d/lab/matmul_naive.cu", nested.opened) == "lab.zip/lab/matmul_naive.cu");
    CHECK(handedInPath("notes.txt", nested.opened) == "notes.txt");
    CHECK(fs::exists(handedIn / "lab.zip"));  // the student's folder as it was
    CHECK_FALSE(fs::exists(handedIn / "lab.zip.d"));
}

TEST_CASE("a hostile archive inside a submission is refused as a top-level one is, and nothing lands outside") {
    TempFolder tmp("nested-hostile");
    writeZip(tmp.path / "sub" / "evil.zip", {{"../../outside.txt", "x", 0644}});
    ArchiveLimits limits;
    const NestedArchives nested = openNestedArchives(tmp.path / "sub", limits, UNPACK_CRASH_HELPER);
    CHECK(nested.opened.empty());
    REQUIRE(nested.notes.size() == 1);
    CHECK(nested.notes[0].rfind("evil.zip refused, not unpacked: ", 0) == 0);
    CHECK_FALSE(fs::exists(tmp.path / "outside.txt"));
    CHECK_FALSE(fs::exists(tmp.path / "sub" / "evil.zip.d"));

    limits.maxTotalBytes = 4;  // a folder larger than the limits is not copied
    writeText(tmp.path / "big" / "a.txt", "more than four bytes");
    auto refused = copySubmissionFolder(tmp.path / "big", tmp.path / "big-copy", limits);
    REQUIRE(refused);
    CHECK(refused->message.find("larger than") != std::string::npos);
}

TEST_CASE("a folder's content hash follows the archives in it, so a new lab.zip is graded again") {
    const Course course = fixtures::parsedCourse(fixtures::courseYaml("t", {{1}}));
    TempFolder tmp("nested-hash");
    writeZip(tmp.path / "ada" / "lab.zip", {{"matmul_naive.cu", "first", 0644}});
    Submission sub;
    sub.id = "ada";
    sub.path = tmp.path / "ada";
    auto before = submissionContentHash(course, sub);
    writeZip(tmp.path / "ada" / "lab.zip", {{"matmul_naive.cu", "second", 0644}});
    auto after = submissionContentHash(course, sub);
    REQUIRE(before.ok());
    REQUIRE(after.ok());
    CHECK(*before != *after);
}
