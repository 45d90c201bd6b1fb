// Wrong: an off-by-one in the inner product, for (int k = 0; k <= TILE; ++k).
// The extra step adds tA[ty][TILE] * tB[TILE][tx]: tA[ty][16] is really
// tA[ty + 1][0] (and past the end of tA for ty = 15), and tB[16][tx] lies
// past the end of tB, shared memory no thread of the kernel owns. Every
// element of C gets a wrong extra term, and the reads outside the tiles are
// out of bounds.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (cudaErrorIllegalAddress), barriers fail (cudaErrorIllegalAddress)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic fail
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

        for (int k = 0; k <= TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
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
// expect code: correctness memory.array-index-out-of-bounds@32
