// Preprocessor inside the kernel body: #define LOAD_A/LOAD_B macros for the
// two tile loads at the top of the phase loop, an #if TILE % 4 == 0 choosing
// #pragma unroll 4 over a plain loop for the inner product, and #undef of
// both macros before the store. Both barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;

    for (int p = 0; p < n / TILE; ++p) {
#define LOAD_A(ph) tA[ty][tx] = A[row * n + (ph) * TILE + tx]
#define LOAD_B(ph) tB[ty][tx] = B[((ph) * TILE + ty) * n + col]
        LOAD_A(p);
        LOAD_B(p);
        __syncthreads();
#if TILE % 4 == 0
#pragma unroll 4
#endif
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
#undef LOAD_A
#undef LOAD_B
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
