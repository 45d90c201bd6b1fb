// Correct and faster: 8 x 16 blocks, each thread computes two columns of
// the 16 x 16 tile of C (col and col + 8), loading two elements of each tile
// per phase. Same traffic per element of C; every check passes.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass no shared-memory races
// expect: traffic pass
#define TILE 16
#define HALF (TILE / 2)

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x;            // 0 .. HALF - 1
    int ty = threadIdx.y;            // 0 .. TILE - 1
    int row = blockIdx.y * TILE + ty;
    int col0 = blockIdx.x * TILE + tx;
    int col1 = col0 + HALF;

    float sum0 = 0.0f, sum1 = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        tA[ty][tx]        = A[row * n + phase * TILE + tx];
        tA[ty][tx + HALF] = A[row * n + phase * TILE + tx + HALF];
        tB[ty][tx]        = B[(phase * TILE + ty) * n + col0];
        tB[ty][tx + HALF] = B[(phase * TILE + ty) * n + col1];
        __syncthreads();

        for (int k = 0; k < TILE; ++k) {
            float a = tA[ty][k];
            sum0 += a * tB[k][tx];
            sum1 += a * tB[k][tx + HALF];
        }
        __syncthreads();
    }
    C[row * n + col0] = sum0;
    C[row * n + col1] = sum1;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(HALF, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
