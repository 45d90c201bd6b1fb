// Wrong: the student wrapped the bounds guard in #ifdef CHECK_BOUNDS inside
// the kernel, meaning to pass -DCHECK_BOUNDS while debugging, and never
// defines it. The grid is rounded up, so at n = 72 (not a multiple of 16)
// the threads past the edge read A and B and store to C outside the
// matrices: an out-of-bounds access. Right at 16 and 48.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef CHECK_BOUNDS
    if (row >= n || col >= n) return;
#endif
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
