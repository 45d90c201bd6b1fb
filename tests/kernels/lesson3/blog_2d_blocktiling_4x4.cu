// SGEMM-blog style, 2-D blocktiling: a block of 8 x 8 = 64 threads owns a
// 32 x 32 tile of C (BM = BN = 32, BK = 16), each thread computing a 4 x 4
// patch (TM = TN = 4) from register copies of As and Bs. Loads and stores
// are guarded on every side with zeros outside the matrix, so partial blocks
// (n = 16, 48, 1040) are right. A warp whose 32 threads all lie outside C
// skips the store loop (__ballot_sync after the last barrier). Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int BM = 32, BN = 32, BK = 16;
constexpr int TM = 4, TN = 4;
constexpr int NUM_THREADS = (BM / TM) * (BN / TN);   // 64

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[BM][BK];
    __shared__ float Bs[BK][BN];

    const int tid = threadIdx.x;
    const int threadRow = tid / (BN / TN);   // 0 .. 7
    const int threadCol = tid % (BN / TN);   // 0 .. 7
    const int cRow = blockIdx.y * BM;
    const int cCol = blockIdx.x * BN;

    float threadResults[TM][TN] = {};
    float regM[TM], regN[TN];

    for (int bkIdx = 0; bkIdx < n; bkIdx += BK) {
        for (int l = tid; l < BM * BK; l += NUM_THREADS) {
            const int r = l / BK, c = l % BK;
            const int gRow = cRow + r, gK = bkIdx + c;
            As[r][c] = (gRow < n && gK < n) ? A[gRow * n + gK] : 0.0f;
        }
        for (int l = tid; l < BK * BN; l += NUM_THREADS) {
            const int r = l / BN, c = l % BN;
            const int gK = bkIdx + r, gCol = cCol + c;
            Bs[r][c] = (gK < n && gCol < n) ? B[gK * n + gCol] : 0.0f;
        }
        __syncthreads();

#pragma unroll
        for (int dotIdx = 0; dotIdx < BK; ++dotIdx) {
#pragma unroll
            for (int i = 0; i < TM; ++i)
                regM[i] = As[threadRow * TM + i][dotIdx];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                regN[j] = Bs[dotIdx][threadCol * TN + j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    threadResults[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }

    const int myRow = cRow + threadRow * TM;
    const int myCol = cCol + threadCol * TN;
    const bool anyInside = myRow < n && myCol < n;
    if (__ballot_sync(0xffffffffu, anyInside) == 0)
        return;   // the whole warp is outside C

#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            if (myRow + i < n && myCol + j < n)
                C[(myRow + i) * n + myCol + j] = threadResults[i][j];
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 grid((n + BN - 1) / BN, (n + BM - 1) / BM);
    dim3 block(NUM_THREADS);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
