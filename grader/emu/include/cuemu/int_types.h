// Fixed-width integers for the emulator's force-included headers, declared in
// namespace cuemu only. nvcc 13's host pass makes int64_t visible (through
// <stdlib.h>) but not uint32_t, so a student file that uses uint32_t without
// <cstdint> must fail to compile on the emulator as it does under nvcc.
// Non-goals: <cstdint>'s limits and macros.
#pragma once

namespace cuemu {
using int8_t = __INT8_TYPE__;
using int16_t = __INT16_TYPE__;
using int32_t = __INT32_TYPE__;
using int64_t = __INT64_TYPE__;
using uint8_t = __UINT8_TYPE__;
using uint32_t = __UINT32_TYPE__;
using uint64_t = __UINT64_TYPE__;
using uintptr_t = __UINTPTR_TYPE__;
}  // namespace cuemu
