// Wrong under CUDA 13: an old tutorial's habit, cudaThreadSynchronize()
// right after the launch to catch errors early. The call was deprecated for
// years in favour of cudaDeviceSynchronize() and CUDA 13.0 removed it from
// the runtime headers, so nvcc stops with "identifier cudaThreadSynchronize
// is undefined". The kernel itself is the correct naive one.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 30
// expect: compile fail
// expect: correctness fail
#include <cstdio>
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
    dim3 dimBlock(TILE, TILE);
    dim3 dimGrid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<dimGrid, dimBlock>>>(A, B, C, n);
    cudaError_t err = cudaThreadSynchronize();
    if (err != cudaSuccess)
        printf("kernel failed: %s\n", cudaGetErrorString(err));
}
