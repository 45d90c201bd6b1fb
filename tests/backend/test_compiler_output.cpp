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
