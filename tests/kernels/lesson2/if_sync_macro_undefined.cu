// Wrong: the barrier sits inside #if SYNC_TILES ... #endif in the kernel,
// a switch the student meant to set on the command line to compare timings.
// It is never defined, so #if sees 0 and the __syncthreads() is compiled
// out: threads read tile elements their neighbours have not stored yet.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    tA[ty][tx] = A[row * n + phase * TILE + tx];
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
#if SYNC_TILES
    __syncthreads();
#endif

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
