// Deprecated but still present in CUDA 13.0: before the first launch the
// launcher calls cudaFuncSetSharedMemConfig(matMulTiled,
// cudaSharedMemBankSizeFourByte) and cudaDeviceGetSharedMemConfig to print
// the bank size (a Kepler-era tuning knob, a no-op on current GPUs), and
// cudaFuncSetCacheConfig(matMulTiled, cudaFuncCachePreferShared). The
// kernel is the lesson's. Compiles (with a deprecation warning) and is
// correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cstdio>
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

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
    static bool once = false;
    if (!once) {
        cudaFuncSetSharedMemConfig(matMulTiled, cudaSharedMemBankSizeFourByte);
        cudaFuncSetCacheConfig(matMulTiled, cudaFuncCachePreferShared);
        cudaSharedMemConfig cfg;
        if (cudaDeviceGetSharedMemConfig(&cfg) == cudaSuccess)
            printf("shared memory bank size config: %d\n", (int)cfg);
        once = true;
    }
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
