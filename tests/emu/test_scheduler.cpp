// The fiber scheduler and shared-memory shadow of the cpu emulator, driven
// directly (no instrumented student code): barrier semantics, divergent
// barriers, launch validation, per-block shared memory, hazard detection.
#include <doctest/doctest.h>

#include "cuemu/cuda_emu.h"
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

}  // namespace

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

TEST_CASE("shared memory is per block") {
    ::cuemu::launch(blockLocalKernel, ::cuemu::LaunchConfig(4, 8), 0);
    for (int b = 0; b < 4; ++b)
        for (int t = 0; t < 8; ++t) CHECK(results[b * 8 + t] == b + 100);
}

TEST_CASE("invalid launches fail as CUDA's do") {
    cudaGetLastError();
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(dim3(1), dim3(32, 32, 2)), 0);
    CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
    CHECK(cudaGetLastError() == cudaSuccess);
    ::cuemu::launch(divergentKernel, ::cuemu::LaunchConfig(dim3(0), dim3(32)), 0);
    CHECK(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
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
