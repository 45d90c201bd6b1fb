// Wrong (for the lesson): loads the tiles and synchronizes, but the k loop
// then reads A and B from global memory instead of tA and tB. The result is
// right; traffic must fail.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: traffic fail inside the k loop
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
    for (int k = phase * TILE; k < phase * TILE + TILE; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
