// Wrong: the phase's first column of A and first row of B come from a macro
// defined inside the kernel, #define K0 (phase), which forgets the factor
// TILE. Phase 0 is right (K0 = 0); phase 1 loads columns 1..16 of A and
// rows 1..16 of B instead of 16..31, and the last phase likewise.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
#define K0 (phase)
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    tA[ty][tx] = A[row * n + K0 + tx];
    tB[ty][tx] = B[(K0 + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
#undef K0
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
