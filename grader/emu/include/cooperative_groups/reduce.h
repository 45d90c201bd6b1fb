// cooperative_groups::reduce for tiles on the cpu emulator: every lane of
// the tile gets the tile's reduction, computed with butterfly shuffles as
// the GPU library does (so the lanes really meet), and the usual operators.
// Non-goal: reduce over a whole block (CUDA has none either).
#pragma once

#include "cooperative_groups.h"

CUEMU_DEVICE_CODE_BEGIN

namespace cooperative_groups {

/// The operators reduce() takes.
template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

/// Reduces `value` over the tile `group` with `op`; every lane gets the result.
template <class Group, class T, class Op>
T reduce(const Group& group, T value, Op op) {
    for (unsigned offset = unsigned(group.size()) / 2; offset > 0; offset /= 2) value = op(value, group.shfl_xor(value, offset));
    return value;
}

}  // namespace cooperative_groups

CUEMU_DEVICE_CODE_END
