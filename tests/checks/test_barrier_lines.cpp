// Which __syncthreads() lines sit inside a branch: the barrier a divergence
// message names first.
#include <doctest/doctest.h>

#include "checks/barrier_advice.h"

using grader::branchedBarrierLines;

TEST_CASE("a barrier under an if, braced or not, is in a branch; one in a loop is not") {
    const std::string source =
        "for (int p = 0; p < n; ++p) {\n"  // 1
        "    __syncthreads();\n"              // 2: a loop, every thread
        "    if (tx == 0) __syncthreads();\n" // 3
        "    if (ty < 8)\n"                   // 4
        "        __syncthreads();\n"          // 5
        "    if (tx == 0) {\n"                // 6
        "        sum = 0;\n"                  // 7
        "        __syncthreads();\n"          // 8
        "    } else {\n"                      // 9
        "        __syncthreads();\n"          // 10
        "    }\n"                             // 11
        "    __syncthreads();\n"              // 12: after the branch
        "}\n";
    CHECK(branchedBarrierLines(source) == std::set<int>{3, 5, 8, 10});
}

TEST_CASE("words in comments and strings do not make a branch") {
    const std::string source =
        "// if the tiles are complete, everyone may read them\n"  // 1
        "for (int k = 0; k < TILE; ++k) {  /* else nothing */\n"  // 2
        "    __syncthreads();\n"                                   // 3
        "}\n"
        "printf(\"if\"); __syncthreads();\n";                     // 5
    CHECK(branchedBarrierLines(source).empty());
}
