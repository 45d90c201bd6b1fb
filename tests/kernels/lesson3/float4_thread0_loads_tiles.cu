// Wrong (for the lesson): "vectorized loads are faster", so thread 0 of the
// block copies both whole tiles with float4 loads (64 of A and 64 of B per
// phase) while the other 255 threads wait at the barrier. Correct and
// race-free, and the block's total is 2n/TILE per element of C, but one
// thread does all the loading: far more than a float4's share.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic fail
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ __align__(16) float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        if (threadIdx.x == 0 && threadIdx.y == 0) {
            const float4* a = reinterpret_cast<const float4*>(A + blockIdx.y * TILE * n + p * TILE);
            const float4* b = reinterpret_cast<const float4*>(B + p * TILE * n + blockIdx.x * TILE);
            for (int r = 0; r < TILE; ++r)
                for (int q = 0; q < TILE / 4; ++q) {
                    reinterpret_cast<float4*>(tA[r])[q] = a[r * (n / 4) + q];
                    reinterpret_cast<float4*>(tB[r])[q] = b[r * (n / 4) + q];
                }
        }
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
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
