// A student who had just learned warp reductions: the tiles are loaded as
// usual (one element of each per thread), but each 16-lane half-warp (one
// tile row) computes the row's 16 dot products one column at a time: lane k
// multiplies tA[row][k] by tB[k][c], a butterfly of __shfl_xor_sync (offsets
// 8, 4, 2, 1, full mask, never crossing the half) sums the 16 products, and
// lane c keeps the sum. Slow, but correct: the tree order of the additions
// is exact on the course's inputs.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define FULL_MASK 0xffffffffu

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float acc = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();

        const float a = tA[ty][tx];              // k = tx for this lane
        for (int c = 0; c < TILE; ++c) {
            float prod = a * tB[tx][c];
            for (int offset = TILE / 2; offset > 0; offset >>= 1)
                prod += __shfl_xor_sync(FULL_MASK, prod, offset);
            if (tx == c)
                acc += prod;                     // C[row][colBase + c]
        }
        __syncthreads();
    }
    C[row * n + col] = acc;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
