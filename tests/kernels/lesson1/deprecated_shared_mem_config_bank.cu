// Old-tutorial habits that still compile under CUDA 13.0: the launcher asks
// for four-byte shared-memory banks with cudaDeviceSetSharedMemConfig
// (deprecated, a no-op on current GPUs) and prefers L1 with
// cudaFuncSetCacheConfig(matMulNaive, cudaFuncCachePreferL1). Neither
// changes the result; the kernel is the guarded naive one. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    static bool configured = false;
    if (!configured) {
        cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte);
        cudaFuncSetCacheConfig(matMulNaive, cudaFuncCachePreferL1);
        configured = true;
    }
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
