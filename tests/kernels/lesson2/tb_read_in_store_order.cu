// Wrong: the B tile is stored right, tB[ty][tx], but the k loop reads it as
// tB[tx][k], in the order the A tile is read, so each thread multiplies by a
// row of B's tile where a column belongs. The message must describe what the
// run shows, not claim that the store is the one written the other way.
// nvcc 13.0: builds
// On the H200 (nvcc 13.0, 2026-12-03): as expected below, on both backends.
// expect: compile pass
// expect: correctness fail The tile of B is used transposed
// expect: barriers pass
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
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[tx][k];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
