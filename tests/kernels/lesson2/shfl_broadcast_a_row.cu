// Warp-shuffle variant of the phase: each thread still loads one element of
// A and one of B, but the A element stays in a register. A 16 x 16 block puts
// two tile rows in each warp, and __shfl_sync(FULL_MASK, a, k, TILE) hands
// the value of lane k of the thread's own 16-lane half (its tile row) to the
// whole half. Only the B tile goes through shared memory, behind one
// barrier. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define FULL_MASK 0xffffffffu

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    const float a = A[row * n + phase * TILE + tx];   // A[row][phase*TILE + tx]
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k)
        sum += __shfl_sync(FULL_MASK, a, k, TILE) * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
