// The tile map's recording in the emulator, driven directly: a small tiled
// kernel (n = 4, TILE = 2) whose global and shared accesses are fed to the
// hooks as instrumented code would, and the record lines it leaves for each
// rule of "phase" (barriers, order).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "cuemu/cuda_emu.h"
#include "cuemu/harness_api.h"
#include "memory.h"
#include "tilemap.h"

namespace {

constexpr int kN = 4, kTile = 2;
float *gA = nullptr, *gB = nullptr, *gC = nullptr;

void access(const float* p, bool write) { ::cuemu::onAccess(reinterpret_cast<uintptr_t>(p), 4, write, 0x1000); }

/// The lesson's kernel: per phase, load one element of each tile, barrier, compute, barrier.
void tiledKernel(bool barriers) {
    float (&tile)[kTile * kTile] = ::cuemu::sharedVar<float[kTile * kTile]>(7, "tA", 1);
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
    for (int p = 0; p < kN / kTile; ++p) {
        access(&gA[row * kN + p * kTile + tx], false);
        access(&gB[(p * kTile + ty) * kN + col], false);
        access(&tile[ty * kTile + tx], true);
        if (barriers) __syncthreads();
        access(&tile[ty * kTile], false);
        if (barriers) __syncthreads();
    }
    access(&gC[row * kN + col], true);
}

std::string recordLines() {
    std::FILE* file = std::tmpfile();
    REQUIRE(file);
    ::cuemu::writeTilemap(file);
    std::rewind(file);
    std::string text;
    for (int c; (c = std::fgetc(file)) != EOF;) text += static_cast<char>(c);
    std::fclose(file);
    return text;
}

void setUp() {
    if (gA) return;
    cudaMalloc(&gA, sizeof(float) * kN * kN);
    cudaMalloc(&gB, sizeof(float) * kN * kN);
    cudaMalloc(&gC, sizeof(float) * kN * kN);
    ::cuemu::nameBuffer(gA, "A");
    ::cuemu::nameBuffer(gB, "B");
    ::cuemu::nameBuffer(gC, "C");
}

}  // namespace

TEST_CASE("with barriers, a phase is the loads between the block's barriers 2p and 2p+2") {
    setUp();
    REQUIRE(::cuemu::armTilemap("1,0,1,2,2"));
    ::cuemu::launch(tiledKernel, ::cuemu::LaunchConfig(dim3(2, 2), dim3(kTile, kTile)), true);
    const std::string lines = recordLines();
    CHECK(lines.find("tilemap block=1,0 phase=1 phases=2 barriers=4 per_phase=2 rule=barriers block_dim=2,2,1 recorded=1 truncated=0\n") == 0);
    CHECK(lines.find("tilemap_loads buffer=A cells=2:1,3:1,6:1,7:1\n") != std::string::npos);   // A[0..1][2..3]
    CHECK(lines.find("tilemap_loads buffer=B cells=10:1,11:1,14:1,15:1\n") != std::string::npos);  // B[2..3][2..3]
    CHECK(lines.find("tilemap_threads buffer=A counts=1,1,1,1\n") != std::string::npos);
    CHECK(lines.find("tilemap_stores buffer=C cells=2:1,3:1,6:1,7:1\n") != std::string::npos);
    CHECK(lines.find("tilemap_interval index=2 phase=1 loads=8 shared_reads=0 shared_writes=4\n") != std::string::npos);
    CHECK(lines.find("tilemap_interval index=3 phase=1 loads=0 shared_reads=4 shared_writes=0\n") != std::string::npos);
}

TEST_CASE("without barriers, each thread's loads are cut into equal runs in order") {
    setUp();
    REQUIRE(::cuemu::armTilemap("0,1,0,2,2"));
    ::cuemu::launch(tiledKernel, ::cuemu::LaunchConfig(dim3(2, 2), dim3(kTile, kTile)), false);
    const std::string lines = recordLines();
    CHECK(lines.find("tilemap block=0,1 phase=0 phases=2 barriers=0 per_phase=0 rule=order") == 0);
    CHECK(lines.find("tilemap_loads buffer=A cells=8:1,9:1,12:1,13:1\n") != std::string::npos);  // A[2..3][0..1]
    CHECK(lines.find("tilemap_loads buffer=B cells=0:1,1:1,4:1,5:1\n") != std::string::npos);    // B[0..1][0..1]
}

TEST_CASE("a malformed target leaves the recording off") {
    CHECK_FALSE(::cuemu::armTilemap("1,0"));
    CHECK_FALSE(::cuemu::tilemapArmed);
    CHECK(recordLines().empty());
}
