// Wrong: a file-scope index macro without parentheses around its arguments,
// #define IDX(r, c, w) r * w + c, used with expressions: IDX(k, col, n) is
// fine, but the row is passed as blockIdx.y * TILE + threadIdx.y, which
// expands to blockIdx.y * TILE + threadIdx.y * n + k. In the first block
// row that happens to be right (blockIdx.y = 0); in every later block row the
// thread reads and stores the wrong place (always inside the matrices), so
// rows 16 and beyond of C come out wrong or never written. Right at n = 16
// only.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
#define TILE 16
#define IDX(r, c, w) r * w + c

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int col = blockIdx.x * TILE + threadIdx.x;
    if (blockIdx.y * TILE + threadIdx.y < n && col < n) {
        float s = 0.0f;
        for (int k = 0; k < n; ++k)
            s += A[IDX(blockIdx.y * TILE + threadIdx.y, k, n)] * B[IDX(k, col, n)];
        C[IDX(blockIdx.y * TILE + threadIdx.y, col, n)] = s;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
