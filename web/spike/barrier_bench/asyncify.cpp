// Barrier bench, Asyncify: every CUDA thread is a plain function that
// suspends at each barrier through the emulator's wasm fibers
// (grader/emu/fiber_asyncify.cpp, linked with it); the block runs its
// threads in passes. Usage (wasm32-wasi, after wasm-opt --asyncify): asyncify N REPEATS.
// Non-goal: the emulator (this is a measurement of the switching only).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <string>
#include "fiber_asyncify.h"
#include "kernel.h"

static float tA[TILE][TILE], tB[TILE][TILE];
static const float *gA, *gB;
static float* gC;
static int gN, gBx, gBy;
static unsigned current;
#define BARRIER cuemu::wasmfiber::suspend(current)

__attribute__((noinline)) void threadBody() {
    const float *A = gA, *B = gB;
    float* C = gC;
    const int n = gN, tx = int(current % TILE), ty = int(current / TILE);
    int row = gBy * TILE + ty, col = gBx * TILE + tx;
    KERNEL_BODY
}

int main(int argc, char** argv) {
    const int n = std::atoi(argv[1]), repeats = std::atoi(argv[2]);
    std::vector<float> A(n * n), B(n * n), C(n * n);
    for (int i = 0; i < n * n; ++i) { A[i] = float(i % 7); B[i] = float(i % 5); }
    gA = A.data(); gB = B.data(); gC = C.data(); gN = n;
    std::vector<uintptr_t> sp(TILE * TILE);
    std::vector<char> started(TILE * TILE), done(TILE * TILE);
    for (int r = 0; r < repeats; ++r)
        for (gBy = 0; gBy < n / TILE; ++gBy)
            for (gBx = 0; gBx < n / TILE; ++gBx) {
                std::fill(started.begin(), started.end(), 0);
                std::fill(done.begin(), done.end(), 0);
                for (bool any = true; any;) {
                    any = false;
                    for (current = 0; current < TILE * TILE; ++current) {
                        if (done[current]) continue;
                        sp[current] = cuemu::wasmfiber::run(current, !started[current], sp[current], threadBody);
                        started[current] = 1;
                        if (!sp[current]) done[current] = 1;
                        any = true;
                    }
                }
            }
    double sum = 0;
    for (float c : C) sum += c;
    std::printf("checksum %.1f\n", sum);
}

namespace cuemu {
/// The fibers' only fault (their stack cannot be allocated): the bench stops.
[[noreturn]] void fault(const std::string& line) {
    std::fprintf(stderr, "%s\n", line.c_str());
    std::abort();
}
}  // namespace cuemu
