// Tutorial style with the tiles at file scope: __shared__ float tA[TILE][TILE]
// and tB declared outside any function (legal in CUDA: each block gets its
// own copy), then more #define lines and an #include after them, then the
// kernel, which names the tiles without declaring them. One element of each
// tile per thread, one barrier, compute from shared memory. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__shared__ float tA[TILE][TILE];
__shared__ float tB[TILE][TILE];
#define ROW (blockIdx.y * TILE + threadIdx.y)
#define COL (blockIdx.x * TILE + threadIdx.x)
#include <cstdio>
#define PHASE_BASE(p) ((p) * TILE)

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    tA[ty][tx] = A[ROW * n + PHASE_BASE(phase) + tx];
    tB[ty][tx] = B[(PHASE_BASE(phase) + ty) * n + COL];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[ROW * n + COL] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
