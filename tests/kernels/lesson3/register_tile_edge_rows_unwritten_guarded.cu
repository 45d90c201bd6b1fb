// Register tiling (64 x 64 block tile, BK = 16, a 4 x 4 patch per thread,
// 256 threads) with edge tiles handled by guards only: a row of A past n or
// a column of B past n is simply not loaded (no else, no zero fill), so at
// n = 16 and 48 some rows of As and columns of Bs are never written. Those
// words only feed accumulators of rows or columns past n, whose stores are
// guarded off, and the k range is always inside the matrix (n % 16 == 0).
// C is right at every size. Both barriers; the block reads 2n/64 floats per
// element of C for each matrix (fewer than 2n/TILE: a larger tile).
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;
constexpr int THREADS = (BM / TM) * (BN / TN);

__global__ void __launch_bounds__(THREADS) matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[BM][BK];
    __shared__ float Bs[BK][BN];

    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int threadRow = threadIdx.y;   // 0 .. 15
    const int threadCol = threadIdx.x;   // 0 .. 15
    const int cRow = blockIdx.y * BM;
    const int cCol = blockIdx.x * BN;

    float acc[TM][TN] = {};

    for (int bk = 0; bk < n; bk += BK) {
        for (int i = tid; i < BM * BK; i += THREADS) {
            const int r = i / BK, c = i % BK;
            if (cRow + r < n)
                As[r][c] = A[(cRow + r) * n + bk + c];
        }
        for (int i = tid; i < BK * BN; i += THREADS) {
            const int r = i / BN, c = i % BN;
            if (cCol + c < n)
                Bs[r][c] = B[(bk + r) * n + cCol + c];
        }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i) a[i] = As[threadRow * TM + i][k];
#pragma unroll
            for (int j = 0; j < TN; ++j) b[j] = Bs[k][threadCol * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int row = cRow + threadRow * TM + i;
            const int col = cCol + threadCol * TN + j;
            if (row < n && col < n)
                C[row * n + col] = acc[i][j];
        }
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(BN / TN, BM / TM);
    dim3 grid((n + BN - 1) / BN, (n + BM - 1) / BM);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
