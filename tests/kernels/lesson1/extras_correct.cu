// Unusual but correct: __restrict__ pointers, fmaf, a device printf from one
// thread, an early-return guard written with unsigned compares, and a launch
// that checks cudaGetLastError and synchronizes (harmless, though the
// contract says the launch need not).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#include <cstdio>

#define TILE 16

__global__ void matMulNaive(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= (unsigned)n || col >= (unsigned)n)
        return;
    if (row == 0 && col == 0)
        printf("matMulNaive: n = %d\n", n);

    float sum = 0.0f;
#pragma unroll 4
    for (int k = 0; k < n; ++k)
        sum = fmaf(A[row * n + k], B[k * n + col], sum);
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess)
        fprintf(stderr, "launch failed: %s\n", cudaGetErrorString(err));
    cudaDeviceSynchronize();
}
