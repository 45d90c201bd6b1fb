// Homework style of a careful student: a CUDA_CHECK macro, host variables
// named blockDim and gridDim (legal in host code: they only reuse the names
// of the device built-ins), __restrict__ pointers, __ldg loads and
// cudaPeekAtLastError() right after the launch. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#include <cstdio>
#include <cstdlib>
#define TILE 16

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t e = (call);                                                 \
        if (e != cudaSuccess) {                                                 \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(e), \
                    __FILE__, __LINE__, cudaGetErrorString(e));                 \
            exit(1);                                                            \
        }                                                                       \
    } while (0)

__global__ void matMulNaive(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;

    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc += __ldg(&A[row * n + k]) * __ldg(&B[k * n + col]);
    C[row * n + col] = acc;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 blockDim(TILE, TILE);
    dim3 gridDim((n + blockDim.x - 1) / blockDim.x, (n + blockDim.y - 1) / blockDim.y);
    matMulNaive<<<gridDim, blockDim>>>(A, B, C, n);
    CUDA_CHECK(cudaPeekAtLastError());
}
