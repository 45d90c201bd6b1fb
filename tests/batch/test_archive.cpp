// Archive safety: what a hostile .zip / .tar.gz may not do (climb out with
// '..' or an absolute path, link outside, declare or inflate past the size
// limits, hold too many entries) and what a normal one unpacks to.
#include <archive.h>
#include <archive_entry.h>
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "batch/archive.h"
#include "test_support.h"

using namespace grader;
namespace fs = std::filesystem;

namespace {

/// One entry of an archive a test builds.
struct Entry {
    std::string path;
    std::string data;
    enum Kind { File, Dir, Symlink, Hardlink } kind = File;
    std::string link;          ///< symlink or hardlink target
    long long declaredSize = -1;  ///< header size when it differs from data.size()
};

/// Writes `entries` as a zip ("zip") or a gzip'd tar ("tar.gz").
void writeArchive(const fs::path& path, const std::string& format, const std::vector<Entry>& entries) {
    archive* a = archive_write_new();
    if (format == "zip") {
        archive_write_set_format_zip(a);
    } else {
        archive_write_set_format_pax_restricted(a);
        archive_write_add_filter_gzip(a);
    }
    REQUIRE(archive_write_open_filename(a, path.c_str()) == ARCHIVE_OK);
    for (const auto& e : entries) {
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, e.path.c_str());
        archive_entry_set_perm(entry, 0644);
        switch (e.kind) {
            case Entry::File:
                archive_entry_set_filetype(entry, AE_IFREG);
                archive_entry_set_size(entry, e.declaredSize >= 0 ? e.declaredSize : static_cast<la_int64_t>(e.data.size()));
                break;
            case Entry::Dir: archive_entry_set_filetype(entry, AE_IFDIR); break;
            case Entry::Symlink:
                archive_entry_set_filetype(entry, AE_IFLNK);
                archive_entry_set_symlink(entry, e.link.c_str());
                break;
            case Entry::Hardlink:
                archive_entry_set_filetype(entry, AE_IFREG);
                archive_entry_set_hardlink(entry, e.link.c_str());
                break;
        }
        archive_write_header(a, entry);
        if (e.kind == Entry::File && !e.data.empty()) archive_write_data(a, e.data.data(), e.data.size());
        archive_entry_free(entry);
    }
    archive_write_close(a);
    archive_write_free(a);
}

}  // namespace

TEST_CASE("entry paths: absolute and '..' are unsafe and ordinary relative paths are fine") {
    CHECK_FALSE(unsafeEntryPath("ada/01-naive-kernel/matmul_naive.cu", 32));
    CHECK_FALSE(unsafeEntryPath("./a/./b.cu", 32));
    CHECK(unsafeEntryPath("/etc/passwd", 32).value() == "an absolute path");
    CHECK(unsafeEntryPath("C:\\Windows\\x", 32).value() == "an absolute path");
    CHECK(unsafeEntryPath("a/../../b", 32).value().find("'..'") != std::string::npos);
    CHECK(unsafeEntryPath("a\\..\\..\\b", 32).value().find("'..'") != std::string::npos);
    CHECK(unsafeEntryPath("a/b/c/d", 3).value().find("deep") != std::string::npos);
}

TEST_CASE("links: a target inside the archive is fine and outside or absolute is not") {
    CHECK_FALSE(linkLeavesArchive("a/b/link", "../c.cu"));
    CHECK_FALSE(linkLeavesArchive("a/link", "b/../c.cu"));
    CHECK(linkLeavesArchive("a/link", "../../etc/passwd").has_value());
    CHECK(linkLeavesArchive("link", "../solutions").has_value());
    CHECK(linkLeavesArchive("a/link", "/etc/passwd").has_value());
}

TEST_CASE("a normal zip and tar.gz unpack their files and folders") {
    TempFolder tmp("archive-normal");
    for (const std::string format : {"zip", "tar.gz"}) {
        const fs::path archive = tmp.path / ("ada." + format);
        writeArchive(archive, format, {{"ada/", "", Entry::Dir}, {"ada/lesson1/matmul_naive.cu", "// naive\n"},
                                       {"ada/notes.txt", "hello"}});
        const fs::path into = tmp.path / ("out-" + format);
        fs::create_directories(into);
        auto extracted = extractArchive(archive, into, ArchiveLimits{});
        REQUIRE_MESSAGE(extracted.ok(), (extracted.ok() ? "" : extracted.error().format()));
        CHECK(extracted->files == 2);
        CHECK(readText(into / "ada/lesson1/matmul_naive.cu") == "// naive\n");
    }
}

TEST_CASE("path traversal is refused and nothing lands outside the target") {
    TempFolder tmp("archive-traversal");
    for (const std::string format : {"zip", "tar.gz"}) {
        const fs::path archive = tmp.path / ("eve." + format);
        writeArchive(archive, format, {{"ok.cu", "x"}, {"../../escaped-" + format + ".txt", "pwned"}});
        const fs::path into = tmp.path / "deep" / "er" / ("out-" + format);
        fs::create_directories(into);
        auto extracted = extractArchive(archive, into, ArchiveLimits{});
        REQUIRE_FALSE(extracted.ok());
        CHECK(extracted.error().message.find("'..'") != std::string::npos);
        CHECK_FALSE(fs::exists(tmp.path / "deep" / ("escaped-" + format + ".txt")));
        CHECK_FALSE(fs::exists(tmp.path / ("escaped-" + format + ".txt")));
    }
    const fs::path absolute = tmp.path / "abs.tar.gz";
    writeArchive(absolute, "tar.gz", {{"/tmp/grader-test-absolute-entry", "pwned"}});
    fs::create_directories(tmp.path / "abs");
    auto extracted = extractArchive(absolute, tmp.path / "abs", ArchiveLimits{});
    REQUIRE_FALSE(extracted.ok());
    CHECK(extracted.error().message.find("absolute") != std::string::npos);
}

TEST_CASE("a link pointing outside refuses the archive and links inside are not created") {
    TempFolder tmp("archive-links");
    const fs::path out = tmp.path / "out";
    fs::create_directories(out);
    writeArchive(tmp.path / "out.tar.gz", "tar.gz",
                 {{"matmul_naive.cu", "", Entry::Symlink, "../../../solutions/01-naive-kernel/matmul_naive.cu"}});
    auto refused = extractArchive(tmp.path / "out.tar.gz", out, ArchiveLimits{});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message.find("leaves the archive") != std::string::npos);
    CHECK(fs::is_empty(out));

    writeArchive(tmp.path / "abs.zip", "zip", {{"x.cu", "", Entry::Symlink, "/etc/passwd"}});
    CHECK_FALSE(extractArchive(tmp.path / "abs.zip", out, ArchiveLimits{}).ok());

    writeArchive(tmp.path / "hard.tar.gz", "tar.gz", {{"x.cu", "", Entry::Hardlink, "../../etc/passwd"}});
    auto hard = extractArchive(tmp.path / "hard.tar.gz", out, ArchiveLimits{});
    REQUIRE_FALSE(hard.ok());
    CHECK(hard.error().message.find("hard link") != std::string::npos);

    const fs::path inside = tmp.path / "inside";
    fs::create_directories(inside);
    writeArchive(tmp.path / "in.tar.gz", "tar.gz", {{"a.cu", "real"}, {"b.cu", "", Entry::Symlink, "a.cu"}});
    auto fine = extractArchive(tmp.path / "in.tar.gz", inside, ArchiveLimits{});
    REQUIRE(fine.ok());
    CHECK(fs::exists(inside / "a.cu"));
    CHECK_FALSE(fs::exists(fs::symlink_status(inside / "b.cu")));
    CHECK(fine->skipped.size() == 1);
}

TEST_CASE("a zip bomb by declared size is refused before anything is inflated") {
    TempFolder tmp("archive-bomb-size");
    const std::string zeros(20 << 20, '\0');  // 20 MB of zeros: a few KB compressed
    writeArchive(tmp.path / "bomb.zip", "zip", {{"zeros.bin", zeros}});
    CHECK(fs::file_size(tmp.path / "bomb.zip") < 200 * 1024);
    fs::create_directories(tmp.path / "out");
    auto extracted = extractArchive(tmp.path / "bomb.zip", tmp.path / "out", ArchiveLimits{});  // 16 MB per file
    REQUIRE_FALSE(extracted.ok());
    CHECK(extracted.error().message.find("declares 20 MB") != std::string::npos);
    CHECK(extracted.error().message.find("zip bomb") != std::string::npos);
    CHECK(fs::is_empty(tmp.path / "out"));

    ArchiveLimits small;
    small.maxTotalBytes = 1000;
    writeArchive(tmp.path / "many.tar.gz", "tar.gz", {{"a", std::string(600, 'a')}, {"b", std::string(600, 'b')}});
    fs::create_directories(tmp.path / "out2");
    auto total = extractArchive(tmp.path / "many.tar.gz", tmp.path / "out2", small);
    REQUIRE_FALSE(total.ok());
    CHECK(total.error().message.find("in all") != std::string::npos);
}

TEST_CASE("a zip bomb by entry count is refused") {
    TempFolder tmp("archive-bomb-count");
    std::vector<Entry> entries;
    for (int i = 0; i < 60; ++i) entries.push_back({"f" + std::to_string(i), "x"});
    writeArchive(tmp.path / "count.zip", "zip", entries);
    ArchiveLimits limits;
    limits.maxEntries = 50;
    fs::create_directories(tmp.path / "out");
    auto extracted = extractArchive(tmp.path / "count.zip", tmp.path / "out", limits);
    REQUIRE_FALSE(extracted.ok());
    CHECK(extracted.error().message == "more than 50 entries (a zip bomb?)");
}

TEST_CASE("an oversized or damaged archive is refused with the reason") {
    TempFolder tmp("archive-damaged");
    writeText(tmp.path / "junk.zip", "this is not a zip file at all");
    fs::create_directories(tmp.path / "out");
    auto junk = extractArchive(tmp.path / "junk.zip", tmp.path / "out", ArchiveLimits{});
    REQUIRE_FALSE(junk.ok());
    CHECK(junk.error().message.find("not a readable") != std::string::npos);

    ArchiveLimits tiny;
    tiny.maxArchiveBytes = 10;
    auto big = extractArchive(tmp.path / "junk.zip", tmp.path / "out", tiny);
    REQUIRE_FALSE(big.ok());
    CHECK(big.error().message.find("over the 10 bytes limit") != std::string::npos);
}

TEST_CASE("archive names and student ids") {
    CHECK(isArchiveName("ada.zip"));
    CHECK(isArchiveName("ada.tar.gz"));
    CHECK(isArchiveName("ada.tgz"));
    CHECK(isArchiveName("ada.rar"));
    CHECK_FALSE(isArchiveName("ada.docx"));
    CHECK(stripArchiveExtension("ken.tar.gz") == "ken");
    CHECK(stripArchiveExtension("ken.tgz") == "ken");
}
