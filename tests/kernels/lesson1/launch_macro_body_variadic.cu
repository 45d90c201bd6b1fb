// A LAUNCH macro whose body holds the <<< >>>: LAUNCH(kernel, grid, block,
// ...) expands to kernel<<<grid, block>>>(__VA_ARGS__) followed by a
// cudaPeekAtLastError() check, the way some course repos hide the launch
// syntax from beginners. The grid and block are written as dim3 temporaries
// in the macro's arguments. The kernel is the lesson's, guarded. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#include <cstdio>
#define TILE 16

#define LAUNCH(kernel, grid, block, ...)                                       \
    do {                                                                       \
        kernel<<<grid, block>>>(__VA_ARGS__);                                  \
        cudaError_t e_ = cudaPeekAtLastError();                                \
        if (e_ != cudaSuccess)                                                 \
            fprintf(stderr, "launch of %s failed: %s\n", #kernel,             \
                    cudaGetErrorString(e_));                                   \
    } while (0)

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        float value = 0.0f;
        for (int i = 0; i < n; ++i)
            value += A[row * n + i] * B[i * n + col];
        C[row * n + col] = value;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const unsigned blocks = (n + TILE - 1) / TILE;
    LAUNCH(matMulNaive, dim3(blocks, blocks), dim3(TILE, TILE), A, B, C, n);
}
