// Warp intrinsics and block reductions on the emulator: the lane arithmetic
// of shuffles (widths, clamps), votes, matches and reductions as pure
// functions, then run by real fibers: lanes meet at each intrinsic,
// __syncwarp orders shared memory within a warp, and an intrinsic some lanes
// never reach is recorded instead of hanging.
#include <doctest/doctest.h>

#include "cuemu/cuda_emu.h"
#include "memory.h"
#include "stats.h"
#include "warp.h"

using cuemu::WarpCall;
using cuemu::WarpOp;

namespace {

/// Every lane calls `op` with its own lane number as the value.
void fill(WarpCall calls[32], WarpOp op, uint32_t b, uint32_t c) {
    for (uint32_t l = 0; l < 32; ++l) calls[l] = WarpCall{op, 0xffffffffu, l, b, c, 1};
}

int results[4096];

void shuffleSumKernel(int) {
    float v = float(threadIdx.x);
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    results[threadIdx.x] = int(v);
}

void broadcastKernel(int) {
    const int lane = threadIdx.x % 32;
    results[threadIdx.x] = __shfl_sync(0xffffffffu, lane * 10, 3, 8) + 1000 * int(__ballot_sync(0xffffffffu, lane < 4) != 0xfu);
}

/// Each warp reduces in shared memory, ordered by __syncwarp only: no race.
void warpSharedKernel(int) {
    float (&s)[64] = ::cuemu::sharedVar<float[64]>(40, "s", 1);
    const int t = threadIdx.x;
    s[t] = float(t);
    __syncwarp();
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&s[t]), 4, true, 0x4000);
    __syncwarp();
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&s[t ^ 1]), 4, false, 0x5000);
    results[t] = int(s[t ^ 1]);
}

/// Lanes 0..15 shuffle with a full mask, lanes 16..31 wait at a block barrier.
void stuckShuffleKernel(int) {
    if (threadIdx.x < 16) results[threadIdx.x] = __shfl_sync(0xffffffffu, int(threadIdx.x), 0);
    else __syncthreads();
}

void countKernel(int) { results[threadIdx.x] = __syncthreads_count(threadIdx.x % 3 == 0) + 100 * __syncthreads_or(threadIdx.x == 5); }

/// A lane that exits early no longer holds up the others.
void earlyExitKernel(int) {
    if (threadIdx.x == 31) return;
    results[threadIdx.x] = __reduce_add_sync(0xffffffffu, 1u);
}

}  // namespace

TEST_CASE("shuffles follow PTX's lane arithmetic, widths included") {
    WarpCall calls[32];
    fill(calls, WarpOp::ShflIdx, 5, (uint32_t(32 - 8) << 8) | 0x1f);  // __shfl_sync(v, 5, width 8)
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 0) == 5);
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 13) == 13);  // segment 8..15: lane 8 + 5
    fill(calls, WarpOp::ShflDown, 4, (uint32_t(32 - 16) << 8) | 0x1f);  // width 16
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 3) == 7);
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 13) == 13);  // 17 leaves the segment: own value
    fill(calls, WarpOp::ShflUp, 2, uint32_t(32 - 16) << 8);
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 17) == 17);  // 15 lies in the previous segment
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 18) == 16);
    fill(calls, WarpOp::ShflXor, 1, 0x1f);
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 6) == 7);
    // A source lane outside the group (undefined on a GPU) gives the caller's own value.
    fill(calls, WarpOp::ShflIdx, 31, 0x1f);
    CHECK(cuemu::warpResult(calls, 0x0000ffffu, 2) == 2);
}

TEST_CASE("votes, matches and reductions over the lanes that met") {
    WarpCall calls[32];
    for (uint32_t l = 0; l < 32; ++l) calls[l] = WarpCall{WarpOp::Ballot, 0xffffffffu, l % 2, 0, 0, 1};
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 0) == 0xaaaaaaaau);
    CHECK(cuemu::warpResult(calls, 0x0000000fu, 0) == 0xau);
    for (auto& c : calls) c.op = WarpOp::All;
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 0) == 0);
    for (auto& c : calls) c.op = WarpOp::Any;
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 0) == 1);
    for (auto& c : calls) c.op = WarpOp::MatchAny;
    CHECK(cuemu::warpResult(calls, 0xffffffffu, 1) == 0xaaaaaaaau);
    for (uint32_t l = 0; l < 32; ++l) calls[l] = WarpCall{WarpOp::ReduceMaxSigned, 0xffffffffu, uint32_t(int(l) - 20), 0, 0, 1};
    CHECK(int32_t(cuemu::warpResult(calls, 0xffffffffu, 0)) == 11);
    for (auto& c : calls) c.op = WarpOp::ReduceAdd;
    CHECK(int32_t(cuemu::warpResult(calls, 0xffffffffu, 0)) == 496 - 640);
}

TEST_CASE("lanes meet at a shuffle: a warp reduction sums the whole warp") {
    ::cuemu::launch(shuffleSumKernel, ::cuemu::LaunchConfig(1, 64), 0);
    CHECK(results[0] == 496);                 // 0 + 1 + ... + 31
    CHECK(results[32] == 32 * 32 + 496);      // 32 + ... + 63
}

TEST_CASE("a width splits the warp into segments; a ballot sees every lane") {
    ::cuemu::launch(broadcastKernel, ::cuemu::LaunchConfig(1, 32), 0);
    CHECK(results[0] == 30);
    CHECK(results[9] == 110);  // segment 8..15, its lane 3 is lane 11
}

TEST_CASE("__syncwarp orders shared memory within a warp") {
    ::cuemu::stats().hazards.clear();
    ::cuemu::launch(warpSharedKernel, ::cuemu::LaunchConfig(1, 64), 0);
    CHECK(::cuemu::stats().hazards.empty());
    CHECK(results[4] == 5);
}

TEST_CASE("a shuffle some lanes never reach is recorded and released, not hung") {
    const size_t before = ::cuemu::stats().divergences.size();
    ::cuemu::launch(stuckShuffleKernel, ::cuemu::LaunchConfig(1, 32), 0);
    REQUIRE(::cuemu::stats().divergences.size() > before);
    bool found = false;
    for (const auto& [key, d] : ::cuemu::stats().divergences)
        if (d.warp && d.split.find("16 threads (0,0)..(15,0) wait at __shfl_sync") != std::string::npos) found = true;
    CHECK(found);
}

TEST_CASE("__syncthreads_count and __syncthreads_or reduce over the block") {
    ::cuemu::launch(countKernel, ::cuemu::LaunchConfig(1, 30), 0);
    CHECK(results[0] == 10 + 100);
    CHECK(results[29] == 10 + 100);
}

TEST_CASE("an exited lane does not hold up a warp intrinsic") {
    ::cuemu::launch(earlyExitKernel, ::cuemu::LaunchConfig(1, 32), 0);
    CHECK(results[0] == 31);
}
