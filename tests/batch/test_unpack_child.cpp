// Unpacking in a child process: an archive unpacks there as in-process, its
// refusal comes back with the reason, and the child's own death (a crash,
// an abort, a hang) comes back as that archive's outcome, never the
// caller's. The child here is tests/batch/unpack_crash_helper.cpp, which
// unpacks as the grader does unless an archive's name asks it to fail.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "batch/unpack_child.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

const fs::path kSeeds = fs::path(KIT_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / "archive";

/// Unpacks `archive` with the helper into a fresh folder beside it.
Unpacked unpack(const fs::path& archive, const fs::path& into, ArchiveLimits limits = {}) {
    fs::create_directories(into);
    return unpackInChild(archive, into, limits, UNPACK_CRASH_HELPER);
}

}  // namespace

TEST_CASE("an archive of each format unpacks in the child as it does in-process") {
    TempFolder tmp("unpack-formats");
    for (const char* seed : {"ada.zip", "ada.tar", "ada.tar.gz", "ada.tar.bz2", "ada.tar.xz", "ada.tar.zst", "ada.7z", "ada.rar", "ada-rar5.rar"}) {
        const fs::path into = tmp.path / seed;
        const Unpacked unpacked = unpack(kSeeds / seed, into);
        REQUIRE_MESSAGE(unpacked.summary, seed << ": " << unpacked.refusal.format());
        CHECK_MESSAGE(unpacked.summary->files == 2, seed);
        CHECK_MESSAGE(fs::is_regular_file(into / "ada" / "01-naive-kernel" / "matmul_naive.cu"), seed);
        CHECK(readText(into / "ada" / "01-naive-kernel" / "matmul_naive.cu") ==
              readText(fs::path(KIT_SOURCE_DIR) / "solutions" / "01-naive-kernel" / "matmul_naive.cu"));
    }
}

TEST_CASE("a RAR signature followed by junk is refused with the reason, not a crash") {
    TempFolder tmp("unpack-junk-rar");
    writeText(tmp.path / "junk.rar", std::string("Rar!\x1a\x07\x00", 7) + std::string(200, '\xAB'));
    writeText(tmp.path / "junk5.rar", std::string("Rar!\x1a\x07\x01\x00", 8) + std::string(200, '\xAB'));
    for (const char* name : {"junk.rar", "junk5.rar"}) {
        const Unpacked unpacked = unpack(tmp.path / name, tmp.path / (std::string(name) + ".d"));
        REQUIRE_FALSE(unpacked.summary);
        CHECK_FALSE(unpacked.unpackerFailed);
        CHECK(unpacked.refusal.where == name);
        CHECK_MESSAGE((unpacked.refusal.message.rfind("the archive is damaged: ", 0) == 0 ||
                       unpacked.refusal.message.rfind("not a readable archive", 0) == 0),
                      unpacked.refusal.message);
        CHECK(unpacked.refusal.message.find(": ") + 2 < unpacked.refusal.message.size());  // a reason follows
    }
}

TEST_CASE("names in UTF-8 are kept and names in another character set are unpacked with a note") {
    TempFolder tmp("unpack-names");
    const Unpacked cp1251 = unpack(kSeeds / "names-cp1251.zip", tmp.path / "cp1251");
    REQUIRE_MESSAGE(cp1251.summary, cp1251.refusal.format());
    REQUIRE(cp1251.summary->notes.size() == 1);
    CHECK(cp1251.summary->notes[0] ==
          "names in the archive are not UTF-8 text (made with another character set?), e.g. '\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD/"
          "01-naive-kernel/matmul_naive.cu': unpacked as they are");
    CHECK(fs::is_regular_file(tmp.path / "cp1251" / "\xC8\xE2\xE0\xED" / "01-naive-kernel" / "matmul_naive.cu"));

    const Unpacked utf8 = unpack(kSeeds / "names-utf8.zip", tmp.path / "utf8");
    REQUIRE_MESSAGE(utf8.summary, utf8.refusal.format());
    CHECK(utf8.summary->notes.empty());
    CHECK(fs::is_regular_file(tmp.path / "utf8" / "\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD" / "01-naive-kernel" / "matmul_naive.cu"));
}

TEST_CASE("an empty upload is refused as empty") {
    TempFolder tmp("unpack-empty");
    writeText(tmp.path / "empty.zip", "");
    const Unpacked unpacked = unpack(tmp.path / "empty.zip", tmp.path / "out");
    REQUIRE_FALSE(unpacked.summary);
    CHECK_FALSE(unpacked.unpackerFailed);
    CHECK(unpacked.refusal.message == "the file is empty (0 bytes): the upload holds nothing");
}

TEST_CASE("the child's crash, abort or hang is the archive's outcome, with the reason") {
    TempFolder tmp("unpack-dies");
    for (const char* name : {"crash.zip", "abort.zip", "hang.zip"}) fs::copy_file(kSeeds / "ada.zip", tmp.path / name);
    ArchiveLimits limits;
    limits.maxSeconds = 2;
    const Unpacked crashed = unpack(tmp.path / "crash.zip", tmp.path / "crash", limits);
    REQUIRE_FALSE(crashed.summary);
    CHECK(crashed.unpackerFailed);
    CHECK(crashed.refusal.message == "the process unpacking it was killed by SIGSEGV (segmentation fault: an invalid memory access)");
    CHECK(crashed.refusal.hint == "the file is probably damaged: ask for it again; a rerun tries it again");
    const Unpacked aborted = unpack(tmp.path / "abort.zip", tmp.path / "abort", limits);
    CHECK(aborted.unpackerFailed);
    CHECK(aborted.refusal.message.find("killed by SIGABRT") != std::string::npos);
    const Unpacked hung = unpack(tmp.path / "hang.zip", tmp.path / "hang", limits);
    CHECK(hung.unpackerFailed);
    CHECK(hung.refusal.message == "unpacking it took longer than 2 s");
}
