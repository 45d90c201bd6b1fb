// What a lesson's uploaded file really is: a PDF, a zip, an empty file, a
// UTF-16 file or one far too large is named for what it is and never built;
// text in another code page is built, with a note.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "batch/upload_check.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

TEST_CASE("a file's first bytes tell source text from what students hand in by mistake") {
    CHECK(nonTextKind("__global__ void k() {}\n", 23) == "");
    CHECK(nonTextKind("// \xcf\xf0\xe8\xec\xe5\xf0\n__global__ void k() {}\n", 30) == "");  // Windows-1251 is still text
    CHECK(nonTextKind("", 0) == "empty (0 bytes)");
    CHECK(nonTextKind("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", 4000) == "a PDF document");
    CHECK(nonTextKind(std::string("PK\x03\x04\x14\x00", 6), 4000) == "a zip archive (or a Word or OpenDocument file)");
    CHECK(nonTextKind("\x7f" "ELF\x02\x01\x01", 9000) == "a compiled program");
    CHECK(nonTextKind(std::string("\xff\xfe/\0/\0", 6), 6) == "UTF-16 text");
    CHECK(nonTextKind(std::string("/\0/\0 \0h\0i\0\n\0", 12), 12) == "UTF-16 text");  // no byte order mark
    CHECK(nonTextKind(std::string("\xff\xfe\0\0/\0\0\0", 8), 8) == "UTF-32 text");
    CHECK(nonTextKind(std::string("int x;\0\0garbage", 15), 15) == "binary data, not text");
}

TEST_CASE("UTF-8 is told from other code pages, and a sequence cut off at the sample's end is fine") {
    CHECK(validUtf8Prefix("plain ASCII"));
    CHECK(validUtf8Prefix("\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82"));  // "Привет"
    CHECK(validUtf8Prefix("\xd0\x9f\xd1"));                                      // cut in the middle of a letter
    CHECK_FALSE(validUtf8Prefix("\xcf\xf0\xe8\xe2\xe5\xf2 "));                   // "Привет" in Windows-1251
    CHECK_FALSE(validUtf8Prefix("caf\xe9 au lait"));                             // Latin-1
    CHECK_FALSE(validUtf8Prefix("\xc0\xaf"));                                    // overlong
    CHECK_FALSE(validUtf8Prefix("\xed\xa0\x80"));                                // a surrogate
}

TEST_CASE("each kind of damaged lesson file gets one sentence naming the file and what to do") {
    TempFolder tmp("upload-check");
    const uintmax_t limit = 16 << 20;
    writeText(tmp.path / "paper.cu", "%PDF-1.4\n1 0 obj\n");
    CHECK(*notSourceText(tmp.path / "paper.cu", "matmul_naive.cu", limit) ==
          "matmul_naive.cu is a PDF document, not CUDA source: hand in the .cu file itself");
    writeText(tmp.path / "empty.cu", "");
    CHECK(*notSourceText(tmp.path / "empty.cu", "matmul_naive.cu", limit) == "matmul_naive.cu is empty (0 bytes): hand in the file with your code");
    writeText(tmp.path / "wide.cu", std::string("\xff\xfe/\0/\0\n\0", 8));
    CHECK(*notSourceText(tmp.path / "wide.cu", "matmul_naive.cu", limit) ==
          "matmul_naive.cu is saved as UTF-16 text, which the compiler cannot read: save it as UTF-8 (in Notepad: Save as, Encoding UTF-8)");
    {
        std::ofstream sparse(tmp.path / "huge.cu");
    }
    REQUIRE(truncate((tmp.path / "huge.cu").c_str(), 2LL << 30) == 0);  // 2 GB, sparse: nothing is written
    CHECK(*notSourceText(tmp.path / "huge.cu", "matmul_naive.cu", limit) ==
          "matmul_naive.cu is 2 GB, over the 16 MB limit per file: hand in the lesson's source file");
    CHECK(*tooLarge(tmp.path / "huge.cu", "matmul_naive.cu", limit) == *notSourceText(tmp.path / "huge.cu", "matmul_naive.cu", limit));

    writeText(tmp.path / "cp1251.cu", "// \xcf\xf0\xe8\xec\xe5\xf0\n__global__ void k() {}\n");
    CHECK_FALSE(notSourceText(tmp.path / "cp1251.cu", "matmul_naive.cu", limit));
    CHECK(*encodingNote(tmp.path / "cp1251.cu", "matmul_naive.cu") ==
          "matmul_naive.cu is not UTF-8 text (Windows-1251, Latin-1 or another code page?): built as it is; save it as UTF-8 so its comments "
          "and strings read right everywhere");
    writeText(tmp.path / "fine.cu", "// \xd0\x9f\xd1\x80\xd0\xb8\n__global__ void k() {}\n");
    CHECK_FALSE(notSourceText(tmp.path / "fine.cu", "matmul_naive.cu", limit));
    CHECK_FALSE(encodingNote(tmp.path / "fine.cu", "matmul_naive.cu"));
}

TEST_CASE("a file that is not source is never built: the build fails with the reason and nothing runs") {
    struct Counting : Backend {
        int builds = 0;
        std::string name() const override { return "cpu"; }
        std::string unavailableReason() const override { return ""; }
        BuildResult build(const Lesson&, const fs::path&, const std::string&) override { return ++builds, BuildResult{}; }
        RunRecord run(const BuildResult&, const RunRequest&) override { return {}; }
    } inner;
    UnbuildableBackend backend(inner, "matmul_naive.cu is a PDF document, not CUDA source: hand in the .cu file itself");
    const BuildResult built = backend.build(Lesson{}, "x/matmul_naive.cu", "starter/01-naive-kernel/matmul_naive.cu");
    CHECK_FALSE(built.ok);
    CHECK(built.summary == "matmul_naive.cu is a PDF document, not CUDA source: hand in the .cu file itself");
    CHECK(built.sourceName == "matmul_naive.cu");
    CHECK(backend.name() == "cpu");
    CHECK(backend.run(built, RunRequest{}).notStarted == built.summary);
    CHECK(inner.builds == 0);
}
