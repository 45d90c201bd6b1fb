// Both tiles in one file-scope declaration with static and an alignment,
// static __shared__ __align__(16) float tA[TILE][TILE], tB[TILE][TILE];,
// followed by an #include and #defines, and the kernel name given through a
// macro at the launch (#define KERNEL matMulTiled, then KERNEL<<<grid,
// block>>>(...)). Both barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
static __shared__ __align__(16) float tA[TILE][TILE], tB[TILE][TILE];
#include <cstdio>
#define KERNEL matMulTiled
#define GRID_FOR(n) dim3((n) / TILE, (n) / TILE)

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    KERNEL<<<GRID_FOR(n), dim3(TILE, TILE)>>>(A, B, C, n);
}
