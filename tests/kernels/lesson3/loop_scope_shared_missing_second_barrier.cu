// Wrong: loop-scope tiles as in loop_scope_shared_tiles.cu, and the student
// reasons that "each iteration gets fresh tiles", so the barrier after the
// compute is left out. There is one instance per block: a fast warp stores
// the next phase's elements over ones a slower warp is still reading.
// On the H200 (nvcc 13.0, 2026-12-02) the race changes C even on the GPU
// alone: correctness fails there too.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        __shared__ float tA[TILE][TILE];   // "new" tiles every phase (not so)
        __shared__ float tB[TILE][TILE];

        tA[ty][tx] = A[row * n + phase * TILE + tx];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
// The diagnosis codes the grader gives it (checked with the verdicts above):
// expect code: barriers barrier.missing-after-compute@25
