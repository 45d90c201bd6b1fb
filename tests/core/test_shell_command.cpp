// The commands printed for a student to paste: shell quoting and the
// grader's own path as it can be typed from the current folder.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>

#include "core/escape.h"
#include "core/toolchain.h"

using namespace grader;

TEST_CASE("a safe word stays as it is; any other is single-quoted") {
    CHECK(shellQuote("tests/kernels/k.cu") == "tests/kernels/k.cu");
    CHECK(shellQuote("--seed") == "--seed");
    CHECK(shellQuote("my dir/k.cu") == "'my dir/k.cu'");
    CHECK(shellQuote("anna's.cu") == "'anna'\\''s.cu'");
    CHECK(shellQuote("$(rm -rf ~)") == "'$(rm -rf ~)'");
    CHECK(shellQuote("") == "''");
}

TEST_CASE("the grader's path is relative below the current folder, never a bare name") {
    const auto self = std::filesystem::read_symlink("/proc/self/exe");
    const auto before = std::filesystem::current_path();
    std::filesystem::current_path(self.parent_path());
    CHECK(graderCommand() == shellQuote("./" + self.filename().string()));
    std::filesystem::current_path(self.parent_path().parent_path());
    CHECK(graderCommand() == shellQuote((self.parent_path().filename() / self.filename()).string()));
    std::filesystem::current_path("/proc");  // not above the binary: the absolute path
    CHECK(graderCommand() == shellQuote(self.string()));
    std::filesystem::current_path(before);
}
