// Shared memory as a GPU has it: every array bounded (an access past it ends
// the run with the array, element, thread and block), every block starting
// with garbage (a read of a word no thread of the block wrote is recorded),
// atomics counting as writes, and misaligned vector accesses ending the run.
#include <doctest/doctest.h>

#include <string>

#include "cuemu/cuda_emu.h"
#include "in_child.h"
#include "memory.h"
#include "stats.h"

namespace {

int results[1024];

/// Reads row `row` of a 16 x 16 tile (row 16 lies past it).
void pastTileKernel(int row) {
    float (&tA)[16][16] = ::cuemu::sharedVar<float[16][16]>(50, "tA", 1);
    float (&tB)[16][16] = ::cuemu::sharedVar<float[16][16]>(51, "tB", 2);
    tA[threadIdx.y][threadIdx.x] = 1.0f;
    tB[threadIdx.y][threadIdx.x] = 2.0f;
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&tA[threadIdx.y][threadIdx.x]), 4, true, 0x100);
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&tB[threadIdx.y][threadIdx.x]), 4, true, 0x100);
    __syncthreads();
    const float* row0 = &tB[0][0];
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(row0 + row * 16 + threadIdx.x), 4, false, 0x200);
}

/// Thread 0 reads a word that no thread wrote; thread 1 reads one that thread 2 wrote before a barrier.
void uninitializedKernel(int) {
    float (&s)[8] = ::cuemu::sharedVar<float[8]>(52, "s", 1);
    if (threadIdx.x == 2) ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&s[2]), 4, true, 0x100);
    __syncthreads();
    if (threadIdx.x == 0) ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&s[5]), 4, false, 0x300);
    if (threadIdx.x == 1) ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&s[2]), 4, false, 0x400);
}

/// Threads count into a shared word with atomics, then read it after a barrier.
void atomicKernel(int) {
    int& counter = ::cuemu::sharedVar<int>(53, "counter", 1);
    if (threadIdx.x == 0) {
        counter = 0;
        ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&counter), 4, true, 0x100);
    }
    __syncthreads();
    atomicAdd(&counter, 1);
    __syncthreads();
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&counter), 4, false, 0x500);
    results[threadIdx.x] = counter;
}

/// A float4 load from an address 4 bytes past a 16-byte boundary.
void misalignedKernel(int) {
    float (&s)[64] = ::cuemu::sharedVar<float[64]>(54, "s", 1, 16);
    ::cuemu::onAccess(reinterpret_cast<uintptr_t>(&s[1]), 16, false, 0x600);
}

}  // namespace

TEST_CASE("an index past a __shared__ array ends the run, naming the array's element") {
    auto [text, status] = inChild([] { ::cuemu::launch(pastTileKernel, ::cuemu::LaunchConfig(1, dim3(16, 16)), 16); });
    CHECK(status == 3);
    CHECK(text.find("kind=out-of-bounds space=shared access=read buffer=tB element=tB[16][0]") != std::string::npos);
    CHECK(text.find("thread=0,0,0 block=0,0,0") != std::string::npos);
}

TEST_CASE("indices inside the arrays are fine") {
    auto [text, status] = inChild([] { ::cuemu::launch(pastTileKernel, ::cuemu::LaunchConfig(1, dim3(16, 16)), 15); });
    CHECK(status == 0);
    CHECK(text.empty());
}

TEST_CASE("a read of a shared word no thread of the block wrote is recorded") {
    ::cuemu::stats().uninitializedReads.clear();
    ::cuemu::launch(uninitializedKernel, ::cuemu::LaunchConfig(2, 4), 0);
    REQUIRE(::cuemu::stats().uninitializedReads.size() == 1);
    const auto& u = ::cuemu::stats().uninitializedReads.begin()->second;
    CHECK(u.element == "s[5]");
    CHECK(u.pc == 0x300);
    CHECK(u.count == 2);  // once in each block: a word written by an earlier block does not count
}

TEST_CASE("an atomic counts as a write and never as a race") {
    ::cuemu::stats().hazards.clear();
    ::cuemu::stats().uninitializedReads.clear();
    ::cuemu::launch(atomicKernel, ::cuemu::LaunchConfig(1, 32), 0);
    CHECK(results[0] == 32);
    CHECK(::cuemu::stats().hazards.empty());
    CHECK(::cuemu::stats().uninitializedReads.empty());
}

TEST_CASE("a misaligned vector access ends the run as on a GPU") {
    auto [text, status] = inChild([] { ::cuemu::launch(misalignedKernel, ::cuemu::LaunchConfig(1, 1), 0); });
    CHECK(status == 3);
    CHECK(text.find("kind=misaligned access=read bytes=16 buffer=s") != std::string::npos);
}
