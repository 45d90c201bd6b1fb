// Turns a compiler's or linker's output into the one line a student needs:
// the first error with file:line, a plain reading of contract mismatches,
// and how many more errors follow.
// Non-goal: reproducing the compiler's caret diagrams.
#pragma once

#include <string>

namespace grader {

/// The first error of a g++/clang/nvcc/ld log, concise, or "" when none is found.
std::string summarizeCompilerLog(const std::string& log);

}  // namespace grader
