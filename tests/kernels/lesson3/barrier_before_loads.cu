// Wrong: the phase's first barrier stands before the loads, at the top of
// the loop, instead of between the loads and the compute. It keeps a phase's
// loads off the tiles the phase before still reads (the barrier after the
// compute, in effect), but nothing makes the tiles complete before the k
// loop reads them.
// nvcc 13.0: builds
// On the H200 (nvcc 13.0, 2026-12-03): as expected below, on both backends.
// expect: compile pass
// expect: correctness fail
// expect: barriers fail the barrier before the stores is at barrier_before_loads.cu:25
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        __syncthreads();
        tA[ty][tx] = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * n + col];

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
// expect code: barriers barrier.missing-after-loads@26
