// Two versions in one kernel behind #ifdef DOUBLE_BUFFER ... #else ... #endif
// inside the body (the student's experiment). DOUBLE_BUFFER is not defined,
// so the #else branch compiles: the classic loop, one buffer, both
// barriers. The dead branch is plausible code too but is never compiled.
// Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const int phases = n / TILE;
    float sum = 0.0f;

#ifdef DOUBLE_BUFFER
    __shared__ float tA[2][TILE][TILE];
    __shared__ float tB[2][TILE][TILE];
    tA[0][ty][tx] = A[row * n + tx];
    tB[0][ty][tx] = B[ty * n + col];
    __syncthreads();
    for (int p = 0; p < phases; ++p) {
        const int cur = p & 1;
        if (p + 1 < phases) {
            tA[cur ^ 1][ty][tx] = A[row * n + (p + 1) * TILE + tx];
            tB[cur ^ 1][ty][tx] = B[((p + 1) * TILE + ty) * n + col];
        }
        for (int k = 0; k < TILE; ++k)
            sum += tA[cur][ty][k] * tB[cur][k][tx];
        __syncthreads();
    }
#else
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    for (int p = 0; p < phases; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
#endif
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
