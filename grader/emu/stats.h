// What the emulator observed during a run, kept for the run record: launches,
// per-buffer traffic, barrier counts, shared-memory hazards, divergent
// barriers, out-of-bounds accesses and global write conflicts.
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

/// Global-memory loads and stores of one buffer during one launch, in 4-byte words.
struct BufferTraffic {
    uint64_t readWords = 0;
    uint64_t writeWords = 0;
    uint32_t minThreadReads = UINT32_MAX;
    uint32_t maxThreadReads = 0;
};

/// One kernel launch: its configuration, outcome and counters.
struct LaunchStats {
    const void* kernel = nullptr;
    dim3 grid, block;
    size_t sharedBytes = 0;
    cudaError_t error = cudaSuccess;
    uint64_t threads = 0;
    BufferTraffic traffic[kMaxBuffers];
    uint32_t minThreadBarriers = UINT32_MAX;
    uint32_t maxThreadBarriers = 0;
    std::map<int, uint64_t> barrierSites;  ///< source line -> arrivals
    uint64_t sharedReads = 0, sharedWrites = 0;
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

/// A barrier that not every thread of a block reached, first example kept.
struct Divergence {
    uint64_t count = 0;
    std::string split;  ///< "line 20: threads (0,0)..(15,0) [16]; exited: (0,1)..(15,15) [240]"
    uint3 block{};
    std::vector<int> lines;
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
    std::map<std::vector<int>, Divergence> divergences;
    std::map<std::string, WriteConflict> writeConflicts;  ///< by buffer name
};

/// The process-wide statistics.
Stats& stats();

}  // namespace cuemu
