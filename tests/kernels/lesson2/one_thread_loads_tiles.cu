// Wrong (for the lesson): thread (0,0) copies both whole tiles with two
// loops while the other 255 threads wait at the barrier. Correct and
// race-free, but not what the lesson teaches: traffic must fail.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic fail loaded by one thread only
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    if (tx == 0 && ty == 0) {
        for (int i = 0; i < TILE; ++i)
            for (int j = 0; j < TILE; ++j) {
                tA[i][j] = A[(blockIdx.y * TILE + i) * n + phase * TILE + j];
                tB[i][j] = B[(phase * TILE + i) * n + blockIdx.x * TILE + j];
            }
    }
    __syncthreads();

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
