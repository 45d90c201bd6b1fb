// First-error summaries of compiler and linker logs.
#include <doctest/doctest.h>

#include "backend/compiler_output.h"

using namespace grader;

TEST_CASE("the first gcc error with its location and a count of the rest") {
    const std::string log =
        "/tmp/x/starter/matmul.cu: In function 'void k()':\n"
        "/tmp/x/starter/matmul.cu:14:5: error: 'tx' was not declared in this scope\n"
        "   14 |     tx = 1;\n"
        "/tmp/x/starter/matmul.cu:15:5: error: expected ';' before '}' token\n";
    CHECK(summarizeCompilerLog(log) == "matmul.cu:14:5: 'tx' was not declared in this scope (and 1 more error)");
}

TEST_CASE("nvcc's location format") {
    CHECK(summarizeCompilerLog("k.cu(12): error: identifier \"tx\" is undefined\n") == "k.cu:12: identifier \"tx\" is undefined");
}

TEST_CASE("a signature that differs from the contract is named as such") {
    const std::string log = "/usr/bin/ld: harness.o: in function `main':\nharness.cu:(.text+0x1): undefined reference to "
                            "`launchMatMulTiled(float const*, float const*, float*, int)'\ncollect2: error: ld returned 1 exit status\n";
    CHECK(summarizeCompilerLog(log).find("your file does not define launchMatMulTiled(float const*, float const*, float*, int) exactly as CONTRACT.md") == 0);
}

TEST_CASE("a student main() is refused with a reason") {
    CHECK(summarizeCompilerLog("/usr/bin/ld: student.o: in function `main':\nk.cu:40: multiple definition of `main'; harness.o: first defined here\n")
              .find("the grader owns main") != std::string::npos);
}

TEST_CASE("no error found") { CHECK(summarizeCompilerLog("warning: unused variable\n") == ""); }

namespace {

bool fakeCudaName(const std::string& name) {
    return name == "cudaLaunchCooperativeKernel" || name == "cublas_v2.h" || name == "__hadd2" || name == "grid_group";
}

}  // namespace

TEST_CASE("an error about a CUDA name the emulator lacks is the emulator's, with its location") {
    CHECK(unsupportedConstruct("/b/k.cu:12:5: error: 'cudaLaunchCooperativeKernel' was not declared in this scope\n", fakeCudaName) ==
          "not supported by the emulator: cudaLaunchCooperativeKernel at k.cu:12");
    CHECK(unsupportedConstruct("/b/k.cu:3:10: fatal error: cublas_v2.h: No such file or directory\n", fakeCudaName) ==
          "not supported by the emulator: #include <cublas_v2.h> at k.cu:3");
    CHECK(unsupportedConstruct("k.cu:9:13: error: 'grid_group' in namespace 'cooperative_groups' does not name a type\n", fakeCudaName) ==
          "not supported by the emulator: grid_group at k.cu:9");
    CHECK(unsupportedConstruct("k.cu:9:13: error: 'cluster_group' is not a member of 'cg'\n", fakeCudaName) ==
          "not supported by the emulator: cluster_group at k.cu:9");
}

TEST_CASE("g++'s typographic quotes (a UTF-8 locale) are read like plain ones") {
    CHECK(unsupportedConstruct("k.cu:11:45: error: \u2018grid_group\u2019 has not been declared\n", fakeCudaName) ==
          "not supported by the emulator: grid_group at k.cu:11");
    CHECK(unsupportedConstruct("k.cu:9:13: error: \u2018cluster_group\u2019 is not a member of \u2018cg\u2019\n", fakeCudaName) ==
          "not supported by the emulator: cluster_group at k.cu:9");
}

TEST_CASE("a student's own mistake is not blamed on the emulator") {
    CHECK(unsupportedConstruct("k.cu:14:5: error: 'tx' was not declared in this scope\n", fakeCudaName).empty());
    CHECK(unsupportedConstruct("k.cu:14:5: error: 'cudaMemcpyy' was not declared in this scope\n", fakeCudaName).empty());
    // Only the first error counts: a later one may follow from the student's.
    CHECK(unsupportedConstruct("k.cu:4:1: error: expected ';' before 'int'\nk.cu:9:2: error: '__hadd2' was not declared in this scope\n",
                               fakeCudaName)
              .empty());
}

TEST_CASE("a contract mismatch names the student's parameter that differs, with its line") {
    const std::string summary = "your file does not define launchMatMulNaive(float const*, float const*, float*, int) exactly as "
                                "CONTRACT.md declares it (same name, parameter types and return type)";
    const std::string source = "#define TILE 16\n\n"
                               "void launchMatMulNaive(const float* __restrict__ A, const float* B,\n"
                               "                       float* C, size_t n) {\n}\n";
    CHECK(explainContractMismatch(summary, source, "k.cu") ==
          "k.cu:3: the fourth parameter of launchMatMulNaive is `size_t n`; the contract's is int: define it as "
          "launchMatMulNaive(const float*, const float*, float*, int)");
    CHECK(explainContractMismatch(summary, "void launchMatMulNaive(const float* A, float* C, int n) {}", "k.cu") ==
          "k.cu:1: launchMatMulNaive takes 3 parameters; the contract's takes 4: launchMatMulNaive(const float*, const float*, float*, int)");
    // Same types spelled differently (float const*, a const value, no names) are not a mismatch: the summary stays.
    CHECK(explainContractMismatch(summary, "void launchMatMulNaive(float const*, const float *B, float*C, const int) {}", "k.cu") == summary);
    // No definition found (a declaration only, or another name): the summary stays.
    CHECK(explainContractMismatch(summary, "void launchMatMulNaive(const float*, const float*, float*, size_t);", "k.cu") == summary);
    CHECK(explainContractMismatch("k.cu:3: 'x' was not declared", "", "k.cu") == "k.cu:3: 'x' was not declared");
}

TEST_CASE("a compiler line or a definition of any length is read without overflowing the stack") {  // std::regex recursed per character
    const std::string longName(100000, 'y');
    CHECK(summarizeCompilerLog("k.cu:3:9: error: '" + longName + "' was not declared in this scope\n").rfind("k.cu:3:9: '" + std::string(100, 'y'), 0) == 0);
    const std::string summary = "your file does not define launchMatMulNaive(float const*, float const*, float*, int) exactly as CONTRACT.md "
                                "declares it (same name, parameter types and return type)";
    CHECK(explainContractMismatch(summary, "void launchMatMulNaive(const float* A, " + longName + ") {}", "k.cu") == summary);
    CHECK(explainContractMismatch(summary, "// " + longName + "\nvoid launchMatMulNaive(const float* A, float* C, int n) {}", "k.cu") ==
          "k.cu:2: launchMatMulNaive takes 3 parameters; the contract's takes 4: launchMatMulNaive(const float*, const float*, float*, int)");
}
