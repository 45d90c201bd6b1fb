// Production-code habits: a CUDA_CHECK macro around every runtime call, a
// stream made once with cudaStreamCreate (a blocking stream, so work on the
// default stream and cudaDeviceSynchronize() still order with it) passed as
// the fourth launch argument, a shared-memory carveout hint set with
// cudaFuncSetAttribute, and cudaGetLastError() after the launch. The kernel
// is the lesson's. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cstdio>
#include <cstdlib>
#define TILE 16

#define CUDA_CHECK(call)                                                         \
    do {                                                                         \
        cudaError_t e = (call);                                                  \
        if (e != cudaSuccess) {                                                  \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, \
                    cudaGetErrorString(e));                                      \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float value = 0.0f;
    for (int m = 0; m < n / TILE; ++m) {
        tileA[ty][tx] = A[row * n + m * TILE + tx];
        tileB[ty][tx] = B[(m * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            value += tileA[ty][k] * tileB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = value;
}

static cudaStream_t computeStream()
{
    static cudaStream_t stream = [] {
        cudaStream_t s;
        CUDA_CHECK(cudaStreamCreate(&s));
        CUDA_CHECK(cudaFuncSetAttribute(matMulTiled, cudaFuncAttributePreferredSharedMemoryCarveout,
                                        (int)cudaSharedmemCarveoutMaxShared));
        return s;
    }();
    return stream;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block, 0, computeStream()>>>(A, B, C, n);
    CUDA_CHECK(cudaGetLastError());
}
