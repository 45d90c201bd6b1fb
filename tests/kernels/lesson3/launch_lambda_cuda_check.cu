// Careful-student style: a CUDA_CHECK macro, the kernel launched from a
// lambda stored in the launcher (auto launch = [=](dim3 g, dim3 b) {...}),
// and CUDA_CHECK(cudaGetLastError()) after the lambda returns. The kernel
// is the lesson's. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cstdio>
#define TILE 16

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err = call;                                                           \
        if (err != cudaSuccess)                                                           \
            fprintf(stderr, "CUDA error in %s at line %d: %s\n", __FILE__, __LINE__,      \
                    cudaGetErrorString(err));                                             \
    } while (0)

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        As[ty][tx] = A[row * n + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    auto launch = [=](dim3 g, dim3 b) {
        matMulTiled<<<g, b>>>(A, B, C, n);
    };
    launch(dim3(n / TILE, n / TILE), dim3(TILE, TILE));
    CUDA_CHECK(cudaGetLastError());
}
