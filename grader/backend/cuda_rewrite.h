// Rewrites a student's CUDA source so it compiles as C++ against the cpu
// emulator: `kernel<<<grid, block[, shmem[, stream]]>>>(args)` becomes
// `::cuemu::launch(::cuemu::LaunchConfig(grid, block...), "kernel",
// [&](auto&&... a) { kernel(a...); }, args)`, and each `__shared__`
// declaration becomes a reference to the running block's slot (at file
// scope: a function every later use of the name calls).
// Line numbers are preserved, comments and string literals are left alone.
// Non-goal: parsing C++; this is a token scanner for the shapes CUDA uses.
#pragma once

#include <string>

#include "core/error.h"

namespace grader {

/// Rewrites `source`; errors name the line and the unsupported construct.
Expected<std::string> rewriteCudaSource(const std::string& source, const std::string& fileName);

}  // namespace grader
