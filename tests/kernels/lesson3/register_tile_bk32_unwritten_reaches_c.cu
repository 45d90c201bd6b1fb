// Wrong: the register-tiled kernel of register_tile_edge_rows_unwritten_guarded.cu
// with BK = 32 and the k range guarded the same way (bk + c < n, no else).
// Now the unwritten words lie in the k direction and feed every output: at
// n = 48 the second slice loads only k = 32..47, and k = 48..63 of As and
// Bs keep the previous slice's values, which are added into every element
// of C; at n = 16 half of each slice was never written at all. Right only
// when 32 divides n (64, where the structure checks run, and 128).
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int BM = 64, BN = 64, BK = 32, TM = 4, TN = 4;
constexpr int THREADS = (BM / TM) * (BN / TN);

__global__ void __launch_bounds__(THREADS) matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[BM][BK];
    __shared__ float Bs[BK][BN];

    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int threadRow = threadIdx.y;
    const int threadCol = threadIdx.x;
    const int cRow = blockIdx.y * BM;
    const int cCol = blockIdx.x * BN;

    float acc[TM][TN] = {};

    for (int bk = 0; bk < n; bk += BK) {
        for (int i = tid; i < BM * BK; i += THREADS) {
            const int r = i / BK, c = i % BK;
            if (cRow + r < n && bk + c < n)
                As[r][c] = A[(cRow + r) * n + bk + c];
        }
        for (int i = tid; i < BK * BN; i += THREADS) {
            const int r = i / BN, c = i % BN;
            if (bk + r < n && cCol + c < n)
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
