// Lab-notebook style: the student defines row-major index macros inside the
// kernel body (#define IDX(r, c) with every argument parenthesized), uses
// them for the dot product, and #undefs them before the closing brace so
// they do not leak into the host code below. A plain 2-D grid of TILE x TILE
// blocks, rounded up, and a bounds guard. Correct at every size, 72 included.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
#define IDX(r, c) ((r) * n + (c))
#define A_AT(r, c) A[IDX(r, c)]
#define B_AT(r, c) B[IDX(r, c)]
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
            acc += A_AT(row, k) * B_AT(k, col);
        C[IDX(row, col)] = acc;
    }
#undef B_AT
#undef A_AT
#undef IDX
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
