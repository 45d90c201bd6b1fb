// Rewrites a student's CUDA source so it compiles as C++ against the cpu
// emulator: `kernel<<<grid, block[, shmem[, stream]]>>>(args)` becomes
// `::cuemu::launch(kernel, ::cuemu::LaunchConfig(grid, block...), args)` and
// each `__shared__` declaration becomes a reference to the block's slot.
// Line numbers are preserved, comments and string literals are left alone.
// Non-goal: parsing C++; this is a token scanner for the shapes CUDA uses.
#pragma once

#include <string>

#include "core/error.h"

namespace grader {

/// Rewrites `source`; errors name the line and the unsupported construct.
Expected<std::string> rewriteCudaSource(const std::string& source, const std::string& fileName);

}  // namespace grader
