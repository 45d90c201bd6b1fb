// Wrong: a full lesson-3 tiled kernel submitted for lesson 2; it ignores
// `phase` and sums every phase instead of computing one phase's share.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail sums every phase
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + (p * TILE + tx)];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
    (void)phase;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
