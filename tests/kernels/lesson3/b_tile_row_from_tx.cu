// Wrong: the B tile's row comes from tx, B[(ph * TILE + tx) * n + col], so
// every row of the tile holds the same elements and each thread multiplies
// its row of A by one element of B.
// nvcc 13.0: builds
// On the H200 (nvcc 13.0, 2026-12-03): as expected below, on both backends.
// expect: compile pass
// expect: correctness fail the row of B's tile comes from tx
// expect: barriers pass
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
        tA[ty][tx] = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + tx) * n + col];
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
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
// expect code: correctness index.tile-b-row-from-tx
