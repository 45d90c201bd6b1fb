// Wrong: a homework habit: the A tile is stored transposed (tA[tx][ty]) but
// the k loop reads it as tA[ty][k], as if it were stored the usual way.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail tile of A is used transposed
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float acc = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        tileA[tx][ty] = A[row * n + t * TILE + tx];
        tileB[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += tileA[ty][k] * tileB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 threads(TILE, TILE);
    dim3 blocks(n / TILE, n / TILE);
    matMulTiled<<<blocks, threads>>>(A, B, C, n);
}
