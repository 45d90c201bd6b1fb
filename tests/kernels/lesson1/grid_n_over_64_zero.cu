// Wrong: blog-style "each thread computes a 4 x 4 patch": 16 x 16 blocks
// that each cover 64 x 64 of C, launched with dim3 grid(n / 64, n / 64).
// The kernel guards every load and store, but the grid is not rounded up:
// for n = 16 and 48 it is 0 x 0, which is not a valid launch configuration,
// so the launch fails and nothing runs; for n = 72 (and 2000) it covers only
// the first 64 (1984) rows and columns and the rest of C is never written.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
#define TILE 16
#define PATCH 4
#define BLOCK_SPAN (TILE * PATCH)   // 64 rows and columns of C per block

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    // Thread (tx, ty) owns rows row0 + i * TILE and columns col0 + j * TILE.
    const int row0 = blockIdx.y * BLOCK_SPAN + threadIdx.y;
    const int col0 = blockIdx.x * BLOCK_SPAN + threadIdx.x;

    float acc[PATCH][PATCH] = {};
    for (int k = 0; k < n; ++k) {
        float a[PATCH], b[PATCH];
#pragma unroll
        for (int i = 0; i < PATCH; ++i) {
            const int r = row0 + i * TILE;
            a[i] = r < n ? A[r * n + k] : 0.0f;
        }
#pragma unroll
        for (int j = 0; j < PATCH; ++j) {
            const int c = col0 + j * TILE;
            b[j] = c < n ? B[k * n + c] : 0.0f;
        }
#pragma unroll
        for (int i = 0; i < PATCH; ++i)
#pragma unroll
            for (int j = 0; j < PATCH; ++j)
                acc[i][j] += a[i] * b[j];
    }

#pragma unroll
    for (int i = 0; i < PATCH; ++i)
#pragma unroll
        for (int j = 0; j < PATCH; ++j) {
            const int r = row0 + i * TILE, c = col0 + j * TILE;
            if (r < n && c < n)
                C[r * n + c] = acc[i][j];
        }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / BLOCK_SPAN, n / BLOCK_SPAN);   // should round up
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
