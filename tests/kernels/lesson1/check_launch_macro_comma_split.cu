// Wrong: the same launch-checking macro as check_launch_macro_extra_parens.cu,
// but the launch is passed without the extra parentheses:
// CHECK_LAUNCH(matMulNaive<<<grid, block>>>(A, B, C, n)). The preprocessor
// knows nothing of <<< >>>, so the comma between grid and block splits the
// argument in two and nvcc stops with "too many arguments" for a macro that
// takes one. Compile fails; everything else is not run.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 39
// expect: compile fail
// expect: correctness fail
#include <cstdio>
#define TILE 16

#define CHECK_LAUNCH(launch)                                                   \
    do {                                                                       \
        launch;                                                                \
        cudaError_t err_ = cudaGetLastError();                                 \
        if (err_ != cudaSuccess)                                               \
            fprintf(stderr, "%s:%d: launch failed: %s\n", __FILE__, __LINE__, \
                    cudaGetErrorString(err_));                                 \
    } while (0)

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
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    CHECK_LAUNCH(matMulNaive<<<grid, block>>>(A, B, C, n));
}
