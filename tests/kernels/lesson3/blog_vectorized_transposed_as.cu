// SGEMM-blog style, the vectorized step: BM = BN = 64, BK = 16, a 4 x 4 patch
// per thread (256 threads). Each thread fetches one float4 of A and one of B
// per slice; the A float4 is stored transposed into As[BK][BM] so the inner
// loop can read four consecutive rows as one float4, and Bs is read the same
// way. alignas(16) shared arrays; rows outside the matrix load zeros, columns
// outside are skipped whole (a float4 never straddles the edge: n % 16 == 0),
// and the float4 stores of C are guarded the same way. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int BM = 64, BN = 64, BK = 16, TM = 4, TN = 4;

__global__ void __launch_bounds__((BM / TM) * (BN / TN))
matMulTiled(const float* A, const float* B, float* C, int n)
{
    alignas(16) __shared__ float As[BK][BM];
    alignas(16) __shared__ float Bs[BK][BN];

    const int tid = threadIdx.x;
    const int threadRow = tid / (BN / TN);   // 0 .. 15
    const int threadCol = tid % (BN / TN);   // 0 .. 15
    const int cRow = blockIdx.y * BM;
    const int cCol = blockIdx.x * BN;

    const int innerRowA = tid / (BK / 4);        // 0 .. 63
    const int innerColA = (tid % (BK / 4)) * 4;  // 0, 4, 8, 12
    const int innerRowB = tid / (BN / 4);        // 0 .. 15
    const int innerColB = (tid % (BN / 4)) * 4;  // 0 .. 60

    float threadResults[TM][TN] = {};

    for (int bk = 0; bk < n; bk += BK) {
        float4 a = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (cRow + innerRowA < n && bk + innerColA < n)
            a = reinterpret_cast<const float4*>(&A[(cRow + innerRowA) * n + bk + innerColA])[0];
        As[innerColA + 0][innerRowA] = a.x;
        As[innerColA + 1][innerRowA] = a.y;
        As[innerColA + 2][innerRowA] = a.z;
        As[innerColA + 3][innerRowA] = a.w;

        float4 b = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (bk + innerRowB < n && cCol + innerColB < n)
            b = reinterpret_cast<const float4*>(&B[(bk + innerRowB) * n + cCol + innerColB])[0];
        reinterpret_cast<float4*>(&Bs[innerRowB][innerColB])[0] = b;
        __syncthreads();

#pragma unroll
        for (int dotIdx = 0; dotIdx < BK; ++dotIdx) {
            const float4 m = reinterpret_cast<const float4*>(&As[dotIdx][threadRow * TM])[0];
            const float4 v = reinterpret_cast<const float4*>(&Bs[dotIdx][threadCol * TN])[0];
            const float regM[TM] = {m.x, m.y, m.z, m.w};
            const float regN[TN] = {v.x, v.y, v.z, v.w};
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    threadResults[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }

    const int col = cCol + threadCol * TN;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = cRow + threadRow * TM + i;
        if (row < n && col < n)
            reinterpret_cast<float4*>(&C[row * n + col])[0] =
                make_float4(threadResults[i][0], threadResults[i][1], threadResults[i][2], threadResults[i][3]);
    }
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 grid((n + BN - 1) / BN, (n + BM - 1) / BM);
    dim3 block((BM / TM) * (BN / TN));
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
