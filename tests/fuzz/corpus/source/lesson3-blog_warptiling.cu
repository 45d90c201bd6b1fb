// SGEMM-blog style, warptiling: 128 threads = 4 warps per block, a 64 x 64
// block tile split into 2 x 2 warp tiles of 32 x 32; inside a warp the lanes
// form a 4 x 8 grid and each lane computes an 8 x 4 patch. Per BK = 8 slice
// every thread loads one float4 of A (stored transposed into As[BK][BM]) and
// one float4 of B. Rows of A and columns of B outside the matrix load zeros
// and the stores are guarded, so n = 16, 48 and 1040 are right. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int BM = 64, BN = 64, BK = 8;
constexpr int WM = 32, WN = 32;                 // warp tile
constexpr int WARPS_N = BN / WN;                // 2
constexpr int LANES_M = 4, LANES_N = 8;         // lanes of a warp
constexpr int TM = WM / LANES_M;                // 8 rows per lane
constexpr int TN = WN / LANES_N;                // 4 columns per lane
constexpr int NUM_THREADS = (BM / WM) * (BN / WN) * 32;   // 128

__global__ void __launch_bounds__(NUM_THREADS)
matMulTiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    __shared__ __align__(16) float As[BK][BM];
    __shared__ __align__(16) float Bs[BK][BN];

    const int tid = threadIdx.x;
    const int warpIdx = tid / 32, lane = tid % 32;
    const int warpRow = warpIdx / WARPS_N, warpCol = warpIdx % WARPS_N;
    const int laneRow = lane / LANES_N, laneCol = lane % LANES_N;

    const int cRow = blockIdx.y * BM, cCol = blockIdx.x * BN;
    const int rowA = tid / (BK / 4), colA = (tid % (BK / 4)) * 4;   // 64 rows x 2 float4
    const int rowB = tid / (BN / 4), colB = (tid % (BN / 4)) * 4;   // 8 rows x 16 float4

    const int mBase = warpRow * WM + laneRow * TM;   // first row of this lane's patch
    const int nBase = warpCol * WN + laneCol * TN;   // first column

    float acc[TM][TN] = {};
    float regM[TM], regN[TN];

    for (int bk = 0; bk < n; bk += BK) {
        float4 a = make_float4(0.f, 0.f, 0.f, 0.f);
        if (cRow + rowA < n)
            a = *reinterpret_cast<const float4*>(A + (size_t)(cRow + rowA) * n + bk + colA);
        As[colA + 0][rowA] = a.x;
        As[colA + 1][rowA] = a.y;
        As[colA + 2][rowA] = a.z;
        As[colA + 3][rowA] = a.w;

        float4 b = make_float4(0.f, 0.f, 0.f, 0.f);
        if (cCol + colB < n)
            b = *reinterpret_cast<const float4*>(B + (size_t)(bk + rowB) * n + cCol + colB);
        *reinterpret_cast<float4*>(&Bs[rowB][colB]) = b;
        __syncthreads();

#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int i = 0; i < TM; ++i) regM[i] = As[k][mBase + i];
#pragma unroll
            for (int j = 0; j < TN; ++j) regN[j] = Bs[k][nBase + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = cRow + mBase + i;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int col = cCol + nBase + j;
            if (row < n && col < n)
                C[(size_t)row * n + col] = acc[i][j];
        }
    }
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 grid((n + BN - 1) / BN, (n + BM - 1) / BM);
    matMulTiled<<<grid, NUM_THREADS>>>(A, B, C, n);
}
