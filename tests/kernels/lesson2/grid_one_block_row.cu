// Wrong: the grid is (n / TILE) x 1, so only the first row of blocks runs
// and rows TILE.. of C are never written.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail covers only rows 0..15
// expect: barriers pass
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
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    matMulTilePhase<<<n / TILE, dim3(TILE, TILE)>>>(A, B, C, n, phase);
}
