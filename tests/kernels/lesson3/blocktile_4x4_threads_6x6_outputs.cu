// Register blocking taken far: a block of only 4 x 4 = 16 threads, each
// computing a 6 x 6 patch of C (rows ty + 4 i, columns tx + 4 j), so a block
// owns a 24 x 24 tile of C and walks k in slices of BK = 8. 24 divides none
// of 16, 64, 128 or 1040, so edge blocks hang over the matrix: every load is
// guarded on its row, its column and its k index (zeros outside) and every
// store on row and column, so the part of an edge block outside the matrix
// is neither read nor written. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int TD = 4;            // threads per side
constexpr int RB = 6;            // outputs per thread per side
constexpr int BS = TD * RB;      // 24: C tile per block
constexpr int BK = 8;

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[BS][BK];
    __shared__ float Bs[BK][BS];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * TD + tx;
    const int rowBase = blockIdx.y * BS;
    const int colBase = blockIdx.x * BS;

    float acc[RB][RB];
#pragma unroll
    for (int i = 0; i < RB; ++i)
#pragma unroll
        for (int j = 0; j < RB; ++j)
            acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < n; k0 += BK) {
        for (int l = tid; l < BS * BK; l += TD * TD) {
            const int r = l / BK, c = l % BK;
            const int gr = rowBase + r, gk = k0 + c;
            As[r][c] = (gr < n && gk < n) ? A[gr * n + gk] : 0.0f;
        }
        for (int l = tid; l < BK * BS; l += TD * TD) {
            const int r = l / BS, c = l % BS;
            const int gk = k0 + r, gc = colBase + c;
            Bs[r][c] = (gk < n && gc < n) ? B[gk * n + gc] : 0.0f;
        }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[RB], b[RB];
#pragma unroll
            for (int i = 0; i < RB; ++i) a[i] = As[ty + TD * i][k];
#pragma unroll
            for (int j = 0; j < RB; ++j) b[j] = Bs[k][tx + TD * j];
#pragma unroll
            for (int i = 0; i < RB; ++i)
#pragma unroll
                for (int j = 0; j < RB; ++j)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < RB; ++i)
#pragma unroll
        for (int j = 0; j < RB; ++j) {
            const int r = rowBase + ty + TD * i, c = colBase + tx + TD * j;
            if (r < n && c < n)
                C[r * n + c] = acc[i][j];
        }
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TD, TD);
    dim3 grid((n + BS - 1) / BS, (n + BS - 1) / BS);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
