// The student's file as editors save it: a UTF-8 byte-order mark and CRLF
// line endings are normalized away, line for line.
#include <doctest/doctest.h>

#include <algorithm>

#include "backend/student_source.h"
#include "test_support.h"

using namespace grader;

namespace {

const std::string kMark = "\xEF\xBB\xBF";

long lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

}  // namespace

TEST_CASE("a leading byte-order mark is dropped and CRLF becomes LF, keeping every line") {
    const std::string saved = kMark + "#define TILE 16\r\n\r\n__global__ void k(float* C)\r\n{\r\n    C[0] = 1;\r\n}\r\n";
    const std::string normalized = normalizeStudentSource(saved);
    CHECK(normalized == "#define TILE 16\n\n__global__ void k(float* C)\n{\n    C[0] = 1;\n}\n");
    CHECK(lines(normalized) == lines(saved));
}

TEST_CASE("a file without a mark or CR is left as it is; a mark or CR elsewhere stays") {
    CHECK(normalizeStudentSource("int x;\n") == "int x;\n");
    CHECK(normalizeStudentSource("") == "");
    CHECK(normalizeStudentSource("// " + kMark + "\n") == "// " + kMark + "\n");  // inside a comment: not the file's mark
    CHECK(normalizeStudentSource("a\rb\r") == "a\rb\r");                          // a lone CR is no line ending of ours
    CHECK(normalizeStudentSource(kMark) == "");
}

TEST_CASE("the file is read normalized") {
    TempFolder tmp("student-source");
    writeText(tmp.path / "k.cu", kMark + "int x;\r\n");
    std::string text;
    REQUIRE(readStudentSource(tmp.path / "k.cu", text));
    CHECK(text == "int x;\n");
    CHECK_FALSE(readStudentSource(tmp.path / "missing.cu", text));
}
