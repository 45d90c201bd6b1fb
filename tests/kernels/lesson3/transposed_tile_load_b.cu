// Wrong: the B tile is stored transposed (Bs[tx][ty]) while the k loop reads
// Bs[k][tx], so column tx of the tile holds a row of B.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail tile of B is used transposed
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        As[ty][tx] = A[row * n + phase * TILE + tx];
        Bs[tx][ty] = B[(phase * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
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
