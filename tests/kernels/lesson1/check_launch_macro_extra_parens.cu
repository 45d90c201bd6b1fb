// Homework style with a launch-checking macro: CHECK_LAUNCH(launch) runs its
// argument and then checks cudaGetLastError() and, in DEBUG builds,
// cudaDeviceSynchronize(). The launch is passed inside an extra pair of
// parentheses, CHECK_LAUNCH((matMulNaive<<<grid, block>>>(A, B, C, n))),
// because the comma in <<<grid, block>>> would otherwise split the macro's
// argument in two (as it does under nvcc). The kernel is the lesson's, with
// its guard. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#include <cstdio>
#define TILE 16

#define CHECK_LAUNCH(launch)                                                   \
    do {                                                                       \
        launch;                                                                \
        cudaError_t err_ = cudaGetLastError();                                 \
        if (err_ != cudaSuccess)                                               \
            fprintf(stderr, "%s:%d: launch failed: %s\n", __FILE__, __LINE__, \
                    cudaGetErrorString(err_));                                 \
        CHECK_LAUNCH_SYNC();                                                   \
    } while (0)

#ifdef DEBUG
#define CHECK_LAUNCH_SYNC() cudaDeviceSynchronize()
#else
#define CHECK_LAUNCH_SYNC() ((void)0)
#endif

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
    CHECK_LAUNCH((matMulNaive<<<grid, block>>>(A, B, C, n)));
}
