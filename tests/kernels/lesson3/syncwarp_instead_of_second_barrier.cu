// Wrong: the second barrier is __syncwarp() ("the compute only needs my own
// warp to be done"). It orders nothing between warps: a fast warp can start
// loading the next phase's tiles over tA and tB while a slower warp is still
// reading them, a write-after-read race on shared memory. At small sizes the
// result is often right anyway, which is what makes it a trap; with many
// blocks in flight (n = 1024 and up) some elements of C come out wrong.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements), barriers fail (racecheck hazard)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
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
    for (int phase = 0; phase < n / TILE; ++phase) {
        tA[ty][tx] = A[row * n + phase * TILE + tx];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncwarp();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
