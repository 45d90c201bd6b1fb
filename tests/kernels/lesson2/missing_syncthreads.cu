// Wrong: no __syncthreads() between loading the tiles and computing from
// them, so a thread may read tile elements its neighbours have not stored yet.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail unloaded shared memory
// expect: barriers fail written by thread
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    tA[ty][tx] = A[row * n + (phase * TILE + tx)];
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];

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
// The diagnosis codes the grader gives it (checked with the verdicts above):
// expect code: barriers barrier.missing-after-loads@19
