// Wrong: the B tile is read from rows ty (always the first strip) while the
// A tile uses the phase offset.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail B comes from the wrong rows
// expect: barriers pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    int k0 = phase * TILE;

    tA[ty][tx] = A[row * n + k0 + tx];
    tB[ty][tx] = B[ty * n + col];
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
