// What the emulator observed during a run, kept for the run record: launches,
// per-buffer traffic, barrier counts, shared-memory hazards, reads of shared
// memory no thread wrote, divergent barriers and warp intrinsics, the barriers
// only some threads of a block reached, and global write conflicts.
// Non-goal: judging; the grader (parent process) decides what is wrong.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "cuemu/cuda_emu.h"

namespace cuemu {

constexpr int kMaxBuffers = 16;

/// Global-memory loads and stores of one buffer during one launch, in 4-byte
/// words. The per-thread figures come from full blocks (every thread of the
/// block stored something: blocks inside the matrix), and from all blocks.
struct BufferTraffic {
    uint64_t readWords = 0;
    uint64_t writeWords = 0;
    uint32_t minThreadReads = UINT32_MAX, maxThreadReads = 0;        ///< full blocks
    uint32_t minAnyThreadReads = UINT32_MAX, maxAnyThreadReads = 0;  ///< all blocks
};

/// One kernel launch: its configuration, outcome and counters.
struct LaunchStats {
    std::string kernel;  ///< the kernel's name as the launch wrote it
    dim3 grid, block;
    size_t sharedBytes = 0;
    cudaError_t error = cudaSuccess;
    uint64_t threads = 0;
    BufferTraffic traffic[kMaxBuffers];
    uint32_t minThreadBarriers = UINT32_MAX;
    uint32_t maxThreadBarriers = 0;
    std::map<int, uint64_t> barrierSites;  ///< source line -> arrivals
    uint64_t sharedReads = 0, sharedWrites = 0;
    uint64_t fullBlocks = 0;  ///< blocks in which every thread stored to global memory
};

/// A shared-memory hazard between two threads of a block, first example kept.
struct Hazard {
    uint64_t count = 0;
    bool bothWrite = false;
    std::string element;  ///< "tA[3][5]"
    uint3 writer{}, other{};
    uintptr_t writerPc = 0, otherPc = 0;
    uint3 block{};
    uint32_t barrierIndex = 0;  ///< barriers the block had passed
};

/// A read of a shared word that no thread of the block had written since the block started.
struct UninitializedRead {
    uint64_t count = 0;
    std::string element;  ///< "tB[3][7]"
    uint3 thread{}, block{};
    uintptr_t pc = 0;
};

/// A barrier (or, with `warp`, a warp intrinsic) that not every thread it
/// waits for reached, first example kept.
struct Divergence {
    uint64_t count = 0;
    std::string split;  ///< "16 threads (0,0)..(15,0) wait at line 20; 240 threads ... finished without reaching it"
    uint3 block{};
    std::vector<int> lines;
    bool warp = false;
};

/// A barrier line that some threads of a block never reached while others
/// waited there (a __syncthreads() in a branch only some threads take), first
/// block kept.
struct PartialBarrier {
    uint3 block{};
    uint32_t reached = 0, threads = 0;  ///< the threads that waited there at least once, of the block's
    uint3 first{}, last{};              ///< the first and last of them, in the block's linear order
};

/// Two threads of one launch writing the same global word.
struct WriteConflict {
    uint64_t count = 0;
    std::string element;
    uint3 first{}, second{};
    uint3 firstBlock{}, secondBlock{};
};

/// Everything the record's summary carries.
struct Stats {
    std::vector<LaunchStats> launches;
    std::map<std::tuple<bool, uintptr_t, uintptr_t>, Hazard> hazards;
    std::map<uintptr_t, UninitializedRead> uninitializedReads;  ///< by the reading instruction
    std::map<std::vector<int>, Divergence> divergences;
    std::map<int, PartialBarrier> partialBarriers;  ///< by the barrier's source line
    std::map<std::string, WriteConflict> writeConflicts;  ///< by buffer name
};

/// The process-wide statistics.
Stats& stats();

}  // namespace cuemu
