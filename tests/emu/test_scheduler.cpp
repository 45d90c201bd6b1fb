// The fiber scheduler and shared-memory shadow of the cpu emulator, driven
// directly (no instrumented student code): barrier semantics, divergent
// barriers and the barriers only some threads reach, threads' frames saved
// and restored across barriers, stack overflow, launch validation, per-block
// shared memory, hazard detection.
#include <doctest/doctest.h>

#include <string>

#include "cuemu/cuda_emu.h"
#include "in_child.h"
#include "memory.h"
#include "stats.h"

namespace {

int results[1024];

/// Every thread publishes its index, waits, and reads its neighbour's.
void neighbourKernel(int count) {
    int (&s)[256] = ::cuemu::sharedVar<int[256]>(0, "s", 1);
    const int t = threadIdx.x;
    s[t] = t * 10;
    __syncthreads();
    results[blockIdx.x * count + t] = s[(t + 1) % count];
}

void divergentKernel(int) {
    if (threadIdx.x == 0) __syncthreads();
}

int branchedLine = 0, everyoneLine = 0;

/// Two phases, each with a barrier only thread 0 reaches and one every thread reaches.
void branchedBarrierKernel(int) {
    for (int phase = 0; phase < 2; ++phase) {
        branchedLine = __LINE__ + 1;
        if (threadIdx.x == 0) __syncthreads();
        everyoneLine = __LINE__ + 1;
        __syncthreads();
    }
}

void blockLocalKernel(int) {
    int& s = ::cuemu::sharedVar<int>(1, "s", 1);
    if (threadIdx.x == 0) s = blockIdx.x + 100;
    __syncthreads();
    results[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

/// Simulates the instrumented accesses of a kernel with or without a barrier.
void recordedKernel(bool withBarrier) {
    float (&tile)[16] = ::cuemu::sharedVar<float[16]>(2, "tile", 1);
    const int t = threadIdx.x;
    tile[t] = 1.0f;
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&tile[t]), 4, true, 0x1000);
    if (withBarrier) __syncthreads();
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&tile[(t + 1) % 16]), 4, false, 0x2000);
}

/// Threads 0..6 read one shared word, thread 7 then writes it, no barrier between.
void manyReadersKernel(int) {
    float& word = ::cuemu::sharedVar<float>(3, "word", 1);
    const auto at = reinterpret_cast<uintptr_t>(&word);
    if (threadIdx.x < 7) ::cuemu::onAccess(at, 4, false, 0x2000);
    else ::cuemu::onAccess(at, 4, true, 0x3000);
}

/// Each thread fills a large local array, holds a pointer to it across
/// barriers, and checks it afterwards: the frames saved off the run stack
/// must come back at the same addresses with the same contents.
void localsKernel(int) {
    float scratch[4096];  // 16 KB: far more than a slot of the usual few hundred bytes
    float* same = scratch;
    const int t = threadIdx.x;
    for (int i = 0; i < 4096; ++i) scratch[i] = float(t * 4096 + i);
    __syncthreads();
    __syncthreads();
    int wrong = 0;
    for (int i = 0; i < 4096; ++i) wrong += same[i] != float(t * 4096 + i);
    results[t] = wrong + (same == scratch ? 0 : 1000000);
}

/// Recurses `depth` levels, waits at the bottom, and sums on the way out.
__attribute__((noinline)) int descend(int depth, volatile int* above) {
    volatile int here[16];
    here[0] = above[0] + 1;
    if (depth == 0) {
        __syncthreads();
        return here[0];
    }
    return descend(depth - 1, here) + here[0];
}

/// Threads reach the same barrier with frames of different depths.
void unevenDepthKernel(int) {
    volatile int start[16] = {0};
    results[threadIdx.x] = descend(threadIdx.x % 7, start);
}

/// Recurses until the stack runs out.
__attribute__((noinline)) int bottomless(int depth, volatile char* above) {
    volatile char pad[512];
    pad[0] = above[0];
    return bottomless(depth + 1, pad) + pad[0];
}

void overflowKernel(int) {
    volatile char start[1] = {1};
    results[0] = bottomless(0, start);
}

}  // namespace

TEST_CASE("a thread's locals keep their contents and addresses across barriers") {
    ::cuemu::launch(localsKernel, ::cuemu::LaunchConfig(2, 64), 0);
    for (int t = 0; t < 64; ++t) CHECK(results[t] == 0);
}

TEST_CASE("threads reach a barrier at different stack depths") {
    ::cuemu::launch(unevenDepthKernel, ::cuemu::LaunchConfig(1, 128), 0);
    for (int t = 0; t < 128; ++t) {
        const int depth = t % 7;  // the sum of 1 .. depth + 1
        CHECK(results[t] == (depth + 1) * (depth + 2) / 2);
    }
}

TEST_CASE("a thread that overflows its stack ends the run with a message") {
    const auto [text, status] = inChild([] { ::cuemu::launch(overflowKernel, ::cuemu::LaunchConfig(1, 2), 0); });
    CHECK(status == 3);
    CHECK(text.find("overflowed its 1 MB stack") != std::string::npos);
}

TEST_CASE("__syncthreads makes every thread's write visible to the others") {
    ::cuemu::launch(neighbourKernel, ::cuemu::LaunchConfig(2, 256), 256);
    for (int b = 0; b < 2; ++b)
        for (int t = 0; t < 256; ++t) CHECK(results[b * 256 + t] == ((t + 1) % 256) * 10);
}

TEST_CASE("a barrier only some threads reach is recorded, not hung") {
    const size_t before = ::cuemu::stats().divergences.size();
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(1, 32), 0);
    REQUIRE(::cuemu::stats().divergences.size() == before + 1);
    const auto& d = ::cuemu::stats().divergences.rbegin()->second;
    CHECK(d.split.find("1 thread (0,0) wait at line") != std::string::npos);
    CHECK(d.split.find("31 threads (1,0)..(31,0) finished without reaching it") != std::string::npos);
}

TEST_CASE("a barrier only some threads ever reach is named by its line, the others' barrier is not") {
    ::cuemu::stats().partialBarriers.clear();
    ::cuemu::launch(branchedBarrierKernel, ::cuemu::LaunchConfig(2, 32), 0);
    const auto& partial = ::cuemu::stats().partialBarriers;
    REQUIRE(partial.size() == 1);
    REQUIRE(partial.count(branchedLine) == 1);
    const auto& p = partial.at(branchedLine);
    CHECK(p.reached == 1);
    CHECK(p.threads == 32);
    CHECK(p.block.x == 0);  // the first block that showed it
    CHECK(p.first.x == 0);
    CHECK(p.last.x == 0);
    CHECK(partial.count(everyoneLine) == 0);
}

TEST_CASE("shared memory is per block") {
    ::cuemu::launch(blockLocalKernel, ::cuemu::LaunchConfig(4, 8), 0);
    for (int b = 0; b < 4; ++b)
        for (int t = 0; t < 8; ++t) CHECK(results[b * 8 + t] == b + 100);
}

TEST_CASE("invalid launches fail as CUDA 13's do (cudaErrorInvalidValue, measured on an H200)") {
    cudaGetLastError();
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(dim3(1), dim3(32, 32, 2)), 0);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaSuccess);
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(dim3(0), dim3(32)), 0);
    CHECK(cudaPeekAtLastError() == cudaErrorInvalidValue);
    cudaGetLastError();
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(dim3(1), dim3(32), 64 * 1024), 0);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
}

TEST_CASE("a write and another thread's read between two barriers is a hazard") {
    ::cuemu::stats().hazards.clear();
    ::cuemu::launch(recordedKernel, ::cuemu::LaunchConfig(1, 16), false);
    REQUIRE(::cuemu::stats().hazards.size() == 1);
    const auto& h = ::cuemu::stats().hazards.begin()->second;
    CHECK(h.writerPc == 0x1000);
    CHECK(h.otherPc == 0x2000);
    CHECK(h.element.rfind("tile[", 0) == 0);
    ::cuemu::stats().hazards.clear();
    ::cuemu::launch(recordedKernel, ::cuemu::LaunchConfig(1, 16), true);
    CHECK(::cuemu::stats().hazards.empty());
}

TEST_CASE("a write after reads by two other threads is a hazard even when later reads are quiet") {
    ::cuemu::stats().hazards.clear();
    ::cuemu::launch(manyReadersKernel, ::cuemu::LaunchConfig(1, 8), 0);
    REQUIRE(::cuemu::stats().hazards.size() == 1);
    const auto& h = ::cuemu::stats().hazards.begin()->second;
    CHECK_FALSE(h.bothWrite);
    CHECK(h.writerPc == 0x3000);
    CHECK(h.writer.x == 7);
}

TEST_CASE("events on the virtual clock complete only when the host waits") {
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(1, 1), 0);
    cudaEventRecord(stop);
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaErrorNotReady);
    cudaEventSynchronize(stop);
    CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
    CHECK(ms > 0);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
}
