// cuda-samples flavour inside the kernel: #define AS(i, j) As[i][j] and
// #define BS(i, j) Bs[i][j] right after the __shared__ declarations (the
// samples use such macros to swap in a bank-conflict checker), #pragma
// unroll on the inner product, and #undef AS / #undef BS before the closing
// brace. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
#define AS(i, j) As[i][j]
#define BS(i, j) Bs[i][j]

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int aBegin = n * TILE * by + TILE * phase;
    int bBegin = TILE * bx + TILE * phase * n;

    AS(ty, tx) = A[aBegin + n * ty + tx];
    BS(ty, tx) = B[bBegin + n * ty + tx];
    __syncthreads();

    float Csub = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k)
        Csub += AS(ty, k) * BS(k, tx);

    int c = n * TILE * by + TILE * bx;
    C[c + n * ty + tx] = Csub;
#undef AS
#undef BS
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 threads(TILE, TILE);
    dim3 grid(n / threads.x, n / threads.y);
    matMulTilePhase<<<grid, threads>>>(A, B, C, n, phase);
}
