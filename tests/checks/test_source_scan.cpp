// The phase loop as the student wrote it: the names messages quote.
#include <doctest/doctest.h>

#include "checks/source_scan.h"

using grader::findPhaseLoop;

TEST_CASE("the phase loop is the first loop around a barrier, with its line, header and variable") {
    const std::string source =
        "// for (int p = 0; ...) in a comment is no loop\n"       // 1
        "for (int i = 0; i < 4; ++i) x += i;\n"                    // 2: no barrier
        "for (int phase = 0;\n"                                    // 3
        "     phase < n / TILE - 1; ++phase) {\n"                  // 4
        "    for (int k = 0; k < TILE; ++k) sum += a[k];\n"        // 5
        "    __syncthreads();\n"                                   // 6
        "}\n";
    const auto loop = findPhaseLoop(source);
    REQUIRE(loop);
    CHECK(loop->line == 3);
    CHECK(loop->variable == "phase");
    CHECK(loop->header == "for (int phase = 0; phase < n / TILE - 1; ++phase)");
}

TEST_CASE("a loop over an existing variable, a group's sync and an unbraced body are found") {
    CHECK(findPhaseLoop("int t; for (t = 1; t * TILE < n; t++) { block.sync(); }")->variable == "t");
    CHECK(findPhaseLoop("for (int m = 0; m < n; m += TILE)\n  __syncthreads();\n")->variable == "m");
    CHECK(findPhaseLoop("for (unsigned ph{0}; ph < n; ++ph) { __syncthreads(); }")->variable == "ph");
}

TEST_CASE("without a loop around a barrier there is no phase loop, and messages say 'the phase loop'") {
    const std::string source = "for (int k = 0; k < TILE; ++k) sum += tA[ty][k];\n__syncthreads();\n";
    CHECK_FALSE(findPhaseLoop(source));
    CHECK(grader::phaseLoopName(findPhaseLoop(source)) == "the phase loop");
    CHECK(grader::phaseVariable(std::nullopt) == "p");
}

TEST_CASE("the shared tiles are named as the student stored A and B into them") {
    const auto names = grader::findTileNames("As[ty][tx] = A[row * n + t * TILE + tx];\n  Bs[ty][tx]=B[(t * TILE + ty) * n + col];");
    CHECK(names.a == "As");
    CHECK(names.b == "Bs");
    const auto defaults = grader::findTileNames("float4 v = reinterpret_cast<const float4*>(A)[i];");
    CHECK(defaults.a == "tA");
    CHECK(defaults.b == "tB");
}

TEST_CASE("a student's line, name or statement of any length is read without overflowing the stack") {  // std::regex recursed per character
    const std::string longName(100000, 'q'), spaces(100000, ' ');
    const auto loop = findPhaseLoop("for (int " + longName + " = 0; " + longName + " < n; ++" + longName + ") { __syncthreads" + spaces + "(); }");
    CHECK_FALSE(loop);  // a header this long names no variable a message can quote
    CHECK(findPhaseLoop("for (int p = 0; p < n; ++p) { cta." + spaces + "sync" + spaces + "(); }")->variable == "p");
    const auto names = grader::findTileNames("tA[" + longName + "][tx] = A[i];\n  tB[ty][tx] = B[j];");
    CHECK(names.b == "tB");
}
