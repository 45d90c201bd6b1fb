// Discovery: which entries are submissions and under which id, where each
// lesson's file is found, and when the content key changes.
#include <doctest/doctest.h>

#include <map>

#include "batch/archive.h"
#include "batch/discovery.h"
#include "fixtures.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

Course twoLessons() { return fixtures::parsedCourse(fixtures::courseYaml("t", {{1}, {2}})); }

}  // namespace

TEST_CASE("each folder and archive is a student and other entries are noted or skipped") {
    TempFolder tmp("discovery");
    const fs::path subs = tmp.path / "subs";
    writeText(subs / "ada" / "matmul_naive.cu", "x");
    writeText(subs / "ken.tar.gz", "x");
    writeText(subs / "dennis.zip", "x");
    writeText(subs / "old.tgz", "x");
    writeText(subs / "notes.txt", "x");
    writeText(subs / ".DS_Store", "x");
    writeText(subs / "results" / "ada.json", "{}");
    fs::create_directories(subs / "=HYPERLINK(x)");
    fs::create_symlink(subs / "ada", subs / "alias");

    auto found = discoverSubmissions(subs, subs / "results");
    REQUIRE(found.ok());
    std::vector<std::string> ids;
    for (const auto& s : found->submissions) ids.push_back(s.id);
    // Every entry is a row: a link and a stray file too, with the reason they cannot be graded.
    CHECK(ids == std::vector<std::string>{"__HYPERLINK_x_", "ada", "alias", "dennis", "ken", "notes.txt", "old"});
    CHECK(found->submissions[4].kind == SubmissionKind::Archive);
    CHECK(found->submissions[4].sourceName() == "ken.tar.gz");
    CHECK(found->submissions[2].kind == SubmissionKind::Unusable);
    CHECK(found->submissions[2].reason.find("a link") == 0);
    CHECK(found->submissions[5].kind == SubmissionKind::Unusable);
    CHECK(found->submissions[5].reason.find("not a folder") == 0);
    CHECK(found->notes.empty());
}

TEST_CASE("entries whose names map to one id get distinct ids, and the names as handed in are kept") {
    TempFolder tmp("discovery-dup");
    writeText(tmp.path / "Zo\xc3\xab Smith" / "a.cu", "x");
    writeText(tmp.path / "Zo\xc3\xa9 Smith" / "a.cu", "x");
    writeText(tmp.path / "anna" / "a.cu", "x");
    writeText(tmp.path / "anna.zip", "x");
    writeText(tmp.path / "anna.7z", "x");
    writeText(tmp.path / "frank_matmul_naive.cu", "x");
    auto found = discoverSubmissions(tmp.path);
    REQUIRE(found.ok());
    std::map<std::string, std::string> names;
    for (const auto& s : found->submissions) names[s.id] = s.sourceName();
    CHECK(names.size() == 6);
    CHECK(names.at("Zo___Smith") != names.at("Zo___Smith-2"));
    CHECK(names.at("anna") == "anna");
    CHECK(names.count("anna-2"));
    CHECK(names.count("anna-3"));
    CHECK(names.at("frank_matmul_naive") == "frank_matmul_naive.cu");
    REQUIRE(found->notes.size() == 3);
    CHECK(found->notes[0].find("filed as") != std::string::npos);
}

TEST_CASE("archive names in every format libarchive reads, in any case") {
    for (const char* name : {"a.zip", "a.ZIP", "a.tar.gz", "a.tgz", "a.tar.bz2", "a.tar.xz", "a.tar.zst", "a.7z", "a.rar", "a.tar"})
        CHECK_MESSAGE(grader::isArchiveName(name), name);
    CHECK_FALSE(grader::isArchiveName("notes.txt"));
    CHECK_FALSE(grader::isArchiveName(".zip"));
    CHECK(grader::stripArchiveExtension("Anna.TAR.GZ") == "Anna");
}

TEST_CASE("a missing SUBMISSIONS folder is an error with a hint") {
    auto found = discoverSubmissions("/nonexistent/grader/submissions");
    REQUIRE_FALSE(found.ok());
    CHECK(found.error().message == "not a folder");
}

TEST_CASE("student ids are safe file names and harmless spreadsheet cells") {
    CHECK(safeStudentId("ada.lovelace") == "ada.lovelace");
    CHECK(safeStudentId("Smith, John_123") == "Smith__John_123");
    CHECK(safeStudentId("../../etc") == "_.._.._etc");
    CHECK(safeStudentId("=cmd|'/C calc'!A0") == "__cmd___C_calc__A0");
    CHECK(safeStudentId("") == "_");
}

TEST_CASE("lesson files are found by name anywhere and links are never followed") {
    const Course course = twoLessons();
    TempFolder tmp("lesson-files");
    writeText(tmp.path / "deep" / "er" / "matmul_naive.cu", "mine");
    writeText(tmp.path / "solution.cu", "x");
    fs::create_symlink("/etc/hostname", tmp.path / "tile_loading.cu");
    const LessonFiles files = findLessonFiles(course, tmp.path);
    REQUIRE(files.byLesson.count("lesson1"));
    CHECK(files.byLesson.at("lesson1") == tmp.path / "deep" / "er" / "matmul_naive.cu");
    CHECK_FALSE(files.byLesson.count("lesson2"));
    REQUIRE(files.notes.size() == 1);
    CHECK(files.notes[0].find("is a link; ignored") != std::string::npos);
}

TEST_CASE("a near-miss name is graded with a note: case, a copy suffix, or the only .cu in the lesson's folder") {
    const Course course = twoLessons();
    {
        TempFolder tmp("near-miss-copy");
        writeText(tmp.path / "lesson1" / "Matmul_Naive (1).cu", "copy");
        writeText(tmp.path / "02-tile-loading" / "tiles.cu", "mine");
        writeText(tmp.path / "02-tile-loading" / "notes.txt", "x");
        const LessonFiles files = findLessonFiles(course, tmp.path);
        REQUIRE(files.byLesson.count("lesson1"));
        CHECK(readText(files.byLesson.at("lesson1")) == "copy");
        CHECK(files.nearMisses.at("lesson1") == "lesson1/Matmul_Naive (1).cu");
        REQUIRE(files.byLesson.count("lesson2"));
        CHECK(readText(files.byLesson.at("lesson2")) == "mine");
        REQUIRE(files.notes.size() == 2);
        CHECK(files.notes[0] == "lesson1: no file named matmul_naive.cu; graded lesson1/Matmul_Naive (1).cu instead (name it matmul_naive.cu next time)");
    }
    {
        TempFolder tmp("near-miss-unclear");  // two guesses, or the right name present: no guessing
        writeText(tmp.path / "a" / "matmul_naive-1.cu", "one");
        writeText(tmp.path / "b" / "MATMUL_NAIVE.cu", "two");
        writeText(tmp.path / "02-tile-loading" / "tile_loading.cu", "right");
        writeText(tmp.path / "elsewhere" / "tile_loading (1).cu", "a copy, not beside it");
        const LessonFiles files = findLessonFiles(course, tmp.path);
        CHECK_FALSE(files.byLesson.count("lesson1"));
        CHECK(readText(files.byLesson.at("lesson2")) == "right");
        CHECK(files.nearMisses.empty());
    }
}

TEST_CASE("a later copy beside a lesson's file (Moodle's NAME (1).cu, uploaded again) is graded instead, with a note") {
    const Course course = twoLessons();
    TempFolder tmp("later-copy");
    writeText(tmp.path / "tile_loading.cu", "first");
    writeText(tmp.path / "tile_loading (1).cu", "second");
    writeText(tmp.path / "tile_loading (2).cu", "third");
    writeText(tmp.path / "tile_loading (2) old.cu", "not a copy's name");
    const LessonFiles files = findLessonFiles(course, tmp.path);
    CHECK(readText(files.byLesson.at("lesson2")) == "third");
    CHECK(files.nearMisses.empty());  // the LMS named it: no near-miss penalty
    REQUIRE(files.notes.size() == 1);
    CHECK(files.notes[0] == "lesson2: tile_loading (2).cu is a later copy of tile_loading.cu (the same file uploaded again); graded the later copy");
    CHECK(copySuffixNumber("matmul_tiled (12).cu") == 12);
    CHECK(copySuffixNumber("matmul_tiled(1).cu") == 0);
    CHECK(copySuffixNumber("matmul_tiled.cu") == 0);
}

TEST_CASE("among files of one name the one in the lesson's folder wins and then the shallowest") {
    const Course course = twoLessons();
    TempFolder tmp("lesson-dups");
    writeText(tmp.path / "matmul_naive.cu", "top");
    writeText(tmp.path / "kit" / "01-naive-kernel" / "matmul_naive.cu", "lesson folder");
    writeText(tmp.path / "old" / "tile_loading.cu", "old");
    writeText(tmp.path / "tile_loading.cu", "new");
    const LessonFiles files = findLessonFiles(course, tmp.path);
    CHECK(readText(files.byLesson.at("lesson1")) == "lesson folder");
    CHECK(readText(files.byLesson.at("lesson2")) == "new");
    REQUIRE(files.notes.size() == 2);
    CHECK(files.notes[0].find("2 files named matmul_naive.cu; graded kit/01-naive-kernel/matmul_naive.cu") != std::string::npos);
}

TEST_CASE("the content key follows the lesson files and what lies beside them") {
    const Course course = twoLessons();
    TempFolder tmp("content-key");
    writeText(tmp.path / "ada" / "matmul_naive.cu", "v1");
    Submission ada{"ada", tmp.path / "ada", SubmissionKind::Folder};
    const std::string first = *submissionContentHash(course, ada);
    writeText(tmp.path / "ada" / "other" / "README.md", "unrelated");
    CHECK(*submissionContentHash(course, ada) == first);
    writeText(tmp.path / "ada" / "quiz_answers.yaml", "answers beside the lesson file count");
    CHECK(*submissionContentHash(course, ada) != first);
    const std::string withAnswers = *submissionContentHash(course, ada);
    writeText(tmp.path / "ada" / "matmul_naive.cu", "v2");
    CHECK(*submissionContentHash(course, ada) != withAnswers);
    writeText(tmp.path / "ken.zip", "bytes");
    Submission ken{"ken", tmp.path / "ken.zip", SubmissionKind::Archive};
    const std::string archive = *submissionContentHash(course, ken);
    writeText(tmp.path / "ken.zip", "other bytes");
    CHECK(*submissionContentHash(course, ken) != archive);
}
