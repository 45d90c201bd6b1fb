// A variadic launch-checking macro, KERNEL_CHECK(...), that takes the whole
// launch as __VA_ARGS__: the comma in <<<grid, block>>> then needs no extra
// parentheses. After the launch it reads cudaGetLastError() and remembers
// the first failure in a file-scope variable instead of exiting (the grader
// owns the process). Guarded naive kernel; correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#include <cstdio>
#define TILE 16

static cudaError_t g_firstError = cudaSuccess;

#define KERNEL_CHECK(...)                                                      \
    do {                                                                       \
        __VA_ARGS__;                                                           \
        const cudaError_t e_ = cudaGetLastError();                             \
        if (e_ != cudaSuccess && g_firstError == cudaSuccess) {                \
            g_firstError = e_;                                                 \
            fprintf(stderr, "line %d: %s\n", __LINE__, cudaGetErrorString(e_)); \
        }                                                                      \
    } while (0)

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n) return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum = fmaf(A[row * n + k], B[k * n + col], sum);
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    KERNEL_CHECK(matMulNaive<<<grid, block>>>(A, B, C, n));
}
