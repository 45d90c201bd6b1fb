// The grader's side of the emulator's front end: reading the report a child
// wrote (untrusted bytes) and turning its errors into a compiler's log.
#include <doctest/doctest.h>

#include "backend/compiler_output.h"
#include "backend/cuda_names.h"
#include "backend/front_end.h"

using namespace grader;

TEST_CASE("a report is read field by field; wrong types and junk are dropped, never trusted") {
    auto report = parseFrontEndReport(R"({"errors": [{"file": "k.cu", "line": 3, "column": 7, "message": "expected ';'"}, 5, {"line": "x"}],
                                          "unsupported": [{"construct": "textures", "line": 9}], "shared": "nope"})");
    REQUIRE(report.ok());
    REQUIRE(report->errors.size() == 2);
    CHECK(report->errors[0].line == 3);
    CHECK(report->errors[1].line == 0);
    CHECK(report->unsupported.front().construct == "textures");
    CHECK(report->shared.empty());
    CHECK_FALSE(parseFrontEndReport("{\"errors\": [").ok());
    CHECK_FALSE(parseFrontEndReport("[1, 2]").ok());
    CHECK_FALSE(parseFrontEndReport("").ok());
}

TEST_CASE("the parser's errors read as a compiler's log: the first one, located, is the summary") {
    FrontEndReport report;
    report.errors = {{"k.cu", 14, 12, "expected ';' at end of declaration", 14}, {"k.cu", 20, 1, "use of undeclared identifier 'x'", 20}};
    CHECK(summarizeCompilerLog(report.errorLog()) == "k.cu:14:12: expected ';' at end of declaration (and 1 more error)");
}

TEST_CASE("clang's way of naming a CUDA name the emulator lacks is an unsupported construct, a typo is the student's") {
    CHECK(unsupportedConstruct("k.cu:15:5: error: unknown type name 'cudaTextureObject_t'\n", isCudaName) ==
          "not supported by the emulator: cudaTextureObject_t at k.cu:15");
    CHECK(unsupportedConstruct("k.cu:2:10: error: 'cuda_fp16.h' file not found\n", isCudaName) ==
          "not supported by the emulator: #include <cuda_fp16.h> at k.cu:2");
    CHECK(unsupportedConstruct("k.cu:7:3: error: use of undeclared identifier 'threadIdy'\n", isCudaName) == "");
    CHECK(isContractLinkError("your file does not define matMulNaive(float const*, float const*, float*, int) exactly as CONTRACT.md declares it"));
    CHECK_FALSE(isContractLinkError("undefined reference to cudaFoo"));
}
