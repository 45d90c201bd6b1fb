// The names the CUDA toolkit defines (runtime API, intrinsics, types,
// headers), read from CUDA 13's headers by scripts/list-cuda-names.sh and
// built into the grader. A g++ error about one of them means the emulator
// lacks it, not that the student mistyped it.
// Non-goal: telling which of them the emulator provides (the compiler does).
#pragma once

#include <string>

namespace grader {

/// True when `name` (an identifier, or a header path such as "cublas_v2.h") is part of the CUDA toolkit.
bool isCudaName(const std::string& name);

}  // namespace grader
