// Error-check macros everywhere: CUDA_CHECK(call) for runtime calls and the
// launch passed to it wrapped in extra parentheses together with the error
// query, CUDA_CHECK((matMulTilePhase<<<grid, block>>>(...), cudaGetLastError())):
// a comma expression whose value is the launch's error, and the
// parentheses keep the commas of <<<grid, block>>> and of the argument list
// inside one macro argument. The kernel is the lesson's. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cstdio>
#define TILE 16

#define CUDA_CHECK(call)                                                           \
    do {                                                                           \
        const cudaError_t status_ = (call);                                        \
        if (status_ != cudaSuccess)                                                \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                     \
                    cudaGetErrorString(status_));                                  \
    } while (0)

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    As[ty][tx] = A[row * n + phase * TILE + tx];
    Bs[ty][tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += As[ty][k] * Bs[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    CUDA_CHECK((matMulTilePhase<<<grid, block>>>(A, B, C, n, phase), cudaGetLastError()));
}
