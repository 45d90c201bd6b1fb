// What a warp intrinsic returns to each lane once every lane it waits for
// has arrived: shuffles with PTX's shfl.sync lane arithmetic (widths and
// clamps included), votes, matches and reductions. Pure functions of the
// lanes' calls; the scheduler decides when a group is complete.
// Non-goal: scheduling (scheduler.cpp).
#pragma once

#include <cstdint>

#include "cuemu/cuda_emu.h"

namespace cuemu {

/// What one lane asked of a warp intrinsic.
struct WarpCall {
    WarpOp op = WarpOp::Sync;
    uint32_t mask = 0;
    uint64_t value = 0;     ///< the lane's operand: the bits to shuffle, a predicate, a value to match or reduce
    uint32_t b = 0, c = 0;  ///< shfl.sync's b (lane or offset) and c (clamp and segment mask) operands
    int line = 0;
};

/// The result for `lane` of a group of lanes (`group`, a lane mask) that all
/// reached their calls in `calls` (indexed by lane).
uint64_t warpResult(const WarpCall calls[32], uint32_t group, int lane);

/// The name of a warp intrinsic for messages ("__shfl_sync").
const char* warpOpName(WarpOp op);

}  // namespace cuemu
