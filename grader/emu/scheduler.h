// Runs a grid on the CPU: every CUDA thread of a block is a stackful fiber,
// __syncthreads() is a real barrier, warp intrinsics are real rendezvous of
// the lanes their mask names, and a barrier or warp intrinsic that not every
// thread reaches is recorded as divergent and released instead of hanging.
// Non-goal: running blocks concurrently (blocks run one after another, which
// CUDA allows since they are independent).
#pragma once

#include <cstdint>
#include <string>

#include "cuemu/cuda_emu.h"
#include "warp.h"

namespace cuemu {

/// The fiber-side state of one CUDA thread while its block runs.
struct ThreadState {
    ThreadCoords coords;
    uint32_t linear = 0;  ///< index within the block
    uint32_t barriers = 0;
    uint16_t warpSync = 0;  ///< generation of the last __syncwarp this thread completed
    uint32_t reads[16] = {};
    uint32_t writes[16] = {};
};

/// The thread running now (nullptr on the host). One scheduler per process:
/// blocks run one after another, so this is a plain global the hooks read cheaply.
extern ThreadState* currentThread;

extern uint32_t epochCounter, blockEpochCounter, launchCounter;

/// The barrier epoch: changes at every barrier release and block start.
inline uint32_t currentEpoch() { return epochCounter; }
/// The epoch at which the current block started.
inline uint32_t blockStartEpoch() { return blockEpochCounter; }
/// A shared word whose last write is older than this was not written by the running block.
inline uint32_t blockInitEpoch() { return blockEpochCounter - 1; }
/// Barriers the current block has passed.
inline uint32_t blockBarrierIndex() { return epochCounter - blockEpochCounter; }
/// A launch sequence number, for telling launches apart in shadows.
inline uint32_t launchSequence() { return launchCounter; }
/// True while a kernel's thread (not host code) runs.
inline bool inDeviceCode() { return currentThread != nullptr; }

/// The coordinates of the `linear`-th point of `extent`, x fastest (a thread
/// in its block, or a block in its grid).
inline uint3 coordsOf(uint64_t linear, const dim3& extent) {
    return {unsigned(linear % extent.x), unsigned((linear / extent.x) % extent.y),
            unsigned(linear / (uint64_t(extent.x) * extent.y))};
}

/// Validates a launch configuration the way CUDA does; cudaSuccess if valid.
cudaError_t validateLaunch(const LaunchConfig& config, size_t maxDynamicShared);

/// "(3,1)" or "(3,1,2)": a thread's or block's coordinates for messages.
std::string coordText(const uint3& t);

/// The record's fault line for a CUDA thread that overflowed its stack (native: its guard page; wasm: wasmfiber's check).
std::string stackOverflowFaultLine();

}  // namespace cuemu
