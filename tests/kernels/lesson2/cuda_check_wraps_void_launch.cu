// Wrong: the usual CUDA_CHECK(call) macro, whose body does
// cudaError_t err = (call);, wrapped around the launch itself with the extra
// parentheses the comma needs: CUDA_CHECK((matMulTilePhase<<<grid,
// block>>>(...))). The parentheses get it past the preprocessor, but a
// launch is an expression of type void, and nvcc refuses to initialize a
// cudaError_t from it. Compile fails. (cuda_check_launch_extra_parens_phase.cu
// checks cudaGetLastError() after the launch instead.)
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 48
// expect: compile fail
// expect: correctness fail
// expect: barriers fail
// expect: traffic fail
#include <cstdio>
#define TILE 16

#define CUDA_CHECK(call)                                                    \
    do {                                                                    \
        cudaError_t err = (call);                                           \
        if (err != cudaSuccess)                                             \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,              \
                    cudaGetErrorString(err));                               \
    } while (0)

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    tA[ty][tx] = A[row * n + phase * TILE + tx];
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    CUDA_CHECK((matMulTilePhase<<<grid, block>>>(A, B, C, n, phase)));
}
