// Two names for one dynamic shared buffer: a __device__ helper loadTiles()
// declares extern __shared__ float loadBuf[] and stores the thread's
// elements of both tiles there, while the kernel declares its own extern
// __shared__ float computeBuf[] and computes from it. Every extern
// __shared__ array of unknown size starts at the same address (the block's
// dynamic shared memory), so the two names alias and the kernel reads what
// the helper stored. The launch passes 2 * TILE * TILE floats. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__device__ void loadTiles(const float* A, const float* B, int n, int p, int row, int col)
{
    extern __shared__ float loadBuf[];
    const int tx = threadIdx.x, ty = threadIdx.y;
    loadBuf[ty * TILE + tx] = A[row * n + p * TILE + tx];
    loadBuf[TILE * TILE + ty * TILE + tx] = B[(p * TILE + ty) * n + col];
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    extern __shared__ float computeBuf[];
    const float* tA = computeBuf;
    const float* tB = computeBuf + TILE * TILE;

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        loadTiles(A, B, n, p, row, col);
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty * TILE + k] * tB[k * TILE + tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block, 2 * TILE * TILE * sizeof(float)>>>(A, B, C, n);
}
