// Correct: keeps every phase's partial sum in a per-thread local array and
// adds them up after the loop, so each thread's frame (1 KB of locals) is
// live across every barrier. Every check passes.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass no shared-memory races
#define TILE 16
#define MAX_PHASES 256

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    float partial[MAX_PHASES];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    int phases = n / TILE;
    for (int phase = 0; phase < phases; ++phase) {
        tA[ty][tx] = A[row * n + (phase * TILE + tx)];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();

        float sum = 0.0f;
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        partial[phase] = sum;
        __syncthreads();
    }
    float total = 0.0f;
    for (int phase = 0; phase < phases; ++phase)
        total += partial[phase];
    C[row * n + col] = total;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
