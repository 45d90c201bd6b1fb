// Wrong: the A tile is read from columns tx (always the first strip) while
// the B tile uses the phase offset, so phase > 0 mixes strips.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail A comes from the wrong columns
// expect: barriers pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * blockDim.y + ty;
    int col = blockIdx.x * blockDim.x + tx;

    tA[ty][tx] = A[row * n + tx];
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
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
