// Correct: double buffering. Two buffers per matrix; phase p computes from
// buffer p % 2 while the next tiles go into the other one, so one barrier
// per phase is enough. Race-free: barriers must pass without a note.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass no shared-memory races and no divergent barriers at n=64$
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[2][TILE][TILE];
    __shared__ float tB[2][TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    int phases = n / TILE;

    tA[0][ty][tx] = A[row * n + tx];
    tB[0][ty][tx] = B[ty * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int p = 0; p < phases; ++p) {
        int cur = p % 2, next = 1 - cur;
        if (p + 1 < phases) {
            tA[next][ty][tx] = A[row * n + (p + 1) * TILE + tx];
            tB[next][ty][tx] = B[((p + 1) * TILE + ty) * n + col];
        }
        for (int k = 0; k < TILE; ++k)
            sum += tA[cur][ty][k] * tB[cur][k][tx];
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
