// The run record a child writes for the parent: outputs, CUDA errors, and
// the emulator's summary (launches, traffic, barriers, hazards, divergent
// barriers, the barriers only some threads reached, faults). Parsed here;
// judged by the checks.
// Non-goal: trusting it for anything but data: the parent recomputes the
// reference and decides every verdict itself.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/process.h"
#include "emu/fault_kind.h"

namespace grader {

/// What stopped a run early; its words in the record are the emulator's table (emu/fault_kind.h).
using cuemu::FaultKind;
using cuemu::faultKindWord;
using cuemu::parseFaultKind;

/// A place in the student's source (resolved from a code address).
struct SourceLocation {
    std::string file;  ///< base name, e.g. matmul_tiled.cu
    int line = 0;
    std::string function;
    /// "matmul_tiled.cu:27", or "an unknown line".
    std::string text() const;
};

/// Global loads and stores of one buffer in one launch (4-byte words).
struct TrafficRecord {
    uint64_t readWords = 0, writeWords = 0;
    uint64_t minThreadReads = 0, maxThreadReads = 0;
};

/// One kernel launch as the emulator saw it.
struct LaunchRecord {
    std::string kernel;  ///< the kernel's name as the launch wrote it
    int grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    uint64_t sharedBytes = 0, threads = 0;
    std::string error;  ///< cudaSuccess or the launch error
    uint64_t barriersMin = 0, barriersMax = 0;
    uint64_t sharedReads = 0, sharedWrites = 0;
    std::map<int, uint64_t> barrierSites;  ///< line -> arrivals
    std::map<std::string, TrafficRecord> traffic;
    uint64_t fullBlocks = 0;  ///< blocks in which every thread stored to global memory
};

/// Two threads of a block touching one shared word between two barriers.
struct HazardRecord {
    bool bothWrite = false;
    uint64_t count = 0;
    std::string element;
    int writer[3] = {}, other[3] = {}, block[3] = {};
    uint64_t writerPc = 0, otherPc = 0;  ///< the child's code addresses (64-bit even where the reader is wasm32)
    SourceLocation writerAt, otherAt;
    uint64_t barrierIndex = 0;
};

/// A read of a shared word that no thread of its block had written.
struct UninitializedRecord {
    uint64_t count = 0;
    std::string element;  ///< "tB[3][7]"
    int thread[3] = {}, block[3] = {};
    uint64_t pc = 0;  ///< the child's code address
    SourceLocation at;
};

/// A barrier (or, with `warp`, a warp intrinsic) that some threads it waits for did not reach.
struct DivergenceRecord {
    uint64_t count = 0;
    int block[3] = {};
    std::vector<int> lines;  ///< 0 stands for "exited"
    std::string split;
    bool warp = false;
};

/// A barrier line some threads of a block waited at and the others never reached.
struct PartialBarrierRecord {
    int line = 0;
    int block[3] = {};
    uint64_t reached = 0, threads = 0;  ///< the threads that reached it, of the block's
    int first[3] = {}, last[3] = {};    ///< the first and last of them
};

/// Two threads writing the same global word in one launch.
struct WriteConflictRecord {
    std::string buffer, element;
    uint64_t count = 0;
    int first[3] = {}, firstBlock[3] = {}, second[3] = {}, secondBlock[3] = {};
};

/// What stopped the run early: an out-of-bounds access or index, a misaligned
/// or illegal address, a device-side assert or trap, a stack overflow, or a
/// construct the emulator does not support (FaultKind::Unsupported).
struct FaultRecord {
    FaultKind kind = FaultKind::Other;
    std::map<std::string, std::string> fields;  ///< every field of the line, "kind" too (its word, for a kind the table lacks)
    uint64_t pc = 0;  ///< the child's code address
    SourceLocation at;
};

/// Everything one child run reported, with how the process ended.
struct RunRecord {
    ProcessResult process;
    std::string notStarted;  ///< why the grader did not start this run (an earlier run of the same code never finished); else ""
    std::string deviceError; ///< the device failed, not the student's code (deviceFailure); else ""

    bool complete = false;  ///< the harness wrote its final "end" line
    bool started = false;   ///< setup finished and the student's code was called
    std::string parseError;
    std::optional<FaultRecord> fault;
    std::vector<std::pair<std::string, std::string>> cudaErrors;  ///< when, name
    std::map<std::string, std::vector<float>> outputs;
    std::string writtenC;  ///< per element "1" when written by the last launch (cpu only)
    std::vector<LaunchRecord> launches;
    std::vector<HazardRecord> hazards;
    std::vector<UninitializedRecord> uninitialized;
    std::vector<DivergenceRecord> divergences;
    std::vector<PartialBarrierRecord> partialBarriers;  ///< by line
    std::vector<WriteConflictRecord> writeConflicts;
    std::vector<std::map<std::string, std::string>> gflops;
    std::map<std::string, std::string> timing;
    std::map<std::string, std::string> events;
    std::map<std::string, std::string> speedup;
    std::vector<std::string> tilemap;  ///< the "tilemap*" lines, when `grader tilemap` armed the recording
    uint64_t contextBeginNs = 0;  ///< when the child's call that made its CUDA context began, CLOCK_MONOTONIC ns (gpu; 0: not told)
    uint64_t contextReadyNs = 0;  ///< when that call returned, the context ready (the profile's, never a verdict's)
    uint64_t workEndNs = 0;       ///< when the run's GPU work ended, CLOCK_MONOTONIC ns (gpu; 0: not told; the profile's)
};

/// Why `record` shows a failure of the device or driver rather than of the student's code: a CUDA error
/// before the student's code was called, or one only hardware and drivers cause (ECC, no device,
/// driver mismatch, ...). "" when there is none.
std::string deviceFailure(const RunRecord& record);

/// Parses the record file's bytes into `record` (keeps the process fields).
void parseRunRecord(const std::string& bytes, RunRecord& record);

/// Splits "key=value key=value rest=..." (the last key in `tailKeys` takes the rest of the line).
std::map<std::string, std::string> parseFields(const std::string& line, const std::vector<std::string>& tailKeys = {});
/// The value of `key` in parsed fields, or "" when absent.
std::string fieldText(const std::map<std::string, std::string>& fields, const std::string& key);
/// The value of `key` as a decimal number, or NaN when absent.
double fieldNumber(const std::map<std::string, std::string>& fields, const std::string& key);

}  // namespace grader
