// Debugging leftovers that are harmless: a device-side assert(n % TILE == 0)
// from <cassert> (true for every n the contract allows) and a printf that
// only thread (0,0) of block (0,0) could reach, and only for n > 100000, so
// it never prints. Otherwise the lesson's kernel. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cassert>
#include <cstdio>
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    assert(n % TILE == 0);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0 && n > 100000)
        printf("matMulTiled: n = %d, %d phases\n", n, n / TILE);

    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        tA[ty][tx] = A[row * n + phase * TILE + tx];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
