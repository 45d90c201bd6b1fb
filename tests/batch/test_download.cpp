// An LMS's download given as SUBMISSIONS (batch/download.h): unpacked once into
// RESULTS/download/, found there again, and a single folder at its top taken
// for the download only when it is Gradescope's export or named as the archive.
#include <doctest/doctest.h>

#include "batch/download.h"
#include "core/stored_zip.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

fs::path writeZip(const fs::path& path, const std::vector<ZipEntry>& entries) {
    auto bytes = storedZip(entries);
    REQUIRE(bytes.ok());
    writeText(path, *bytes);
    return path;
}

}  // namespace

TEST_CASE("a download's zip is unpacked once into RESULTS/download and found there by the next run") {
    TempFolder tmp("download");
    const fs::path zip = writeZip(tmp.path / "canvas.zip", {{"lovelaceada_1001_7001_matmul_naive.cu", "a", 0644},
                                                           {"hoppergrace_1002_7002_matmul_naive.cu", "g", 0644}});
    CHECK(isDownloadArchive(zip));
    CHECK_FALSE(isDownloadArchive(tmp.path));
    auto first = unpackDownload(zip, tmp.path / "results");
    REQUIRE_MESSAGE(first.ok(), (first.ok() ? "" : first.error().format()));
    CHECK_FALSE(first->reused);
    CHECK(first->files == 2);
    CHECK(first->folder.parent_path() == tmp.path / "results" / "download");
    CHECK(first->folder.filename().string().rfind("canvas-", 0) == 0);
    CHECK(fs::exists(first->folder / "lovelaceada_1001_7001_matmul_naive.cu"));
    auto second = unpackDownload(zip, tmp.path / "results");
    REQUIRE(second.ok());
    CHECK(second->reused);
    CHECK(second->folder == first->folder);
}

TEST_CASE("a single folder at the download's top: Gradescope's export or the archive's own folder, never a lone student") {
    TempFolder tmp("download-top");
    auto gradescope = unpackDownload(writeZip(tmp.path / "export.zip", {{"assignment_77_export/submission_metadata.yml", "x: 1\n", 0644},
                                                                        {"assignment_77_export/submission_1/a.cu", "a", 0644}}),
                                     tmp.path / "r1");
    REQUIRE(gradescope.ok());
    CHECK(gradescope->folder.filename() == "assignment_77_export");
    auto named = unpackDownload(writeZip(tmp.path / "class.zip", {{"class/ada/matmul_naive.cu", "a", 0644}}), tmp.path / "r2");
    REQUIRE(named.ok());
    CHECK(named->folder.filename() == "class");
    auto lone = unpackDownload(writeZip(tmp.path / "moodle.zip", {{"Ada Lovelace_1_assignsubmission_file/matmul_naive.cu", "a", 0644}}),
                               tmp.path / "r3");
    REQUIRE(lone.ok());
    CHECK(lone->folder.filename().string().rfind("moodle-", 0) == 0);  // the student's folder stays a student
}
