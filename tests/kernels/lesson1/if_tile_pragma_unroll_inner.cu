// Tuning-blog style: inside the kernel an #if on TILE picks the unroll factor
// (#pragma unroll 8 when TILE == 16, else #pragma unroll 4), and the k loop
// is split into a main part in steps of 4 and a remainder loop, so any n
// works (72 leaves no remainder, 48 none either, but the remainder loop is
// there). Guarded, correct at every size.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int row = blockIdx.y * TILE + threadIdx.y;
    const int col = blockIdx.x * TILE + threadIdx.x;
    if (row >= n || col >= n)
        return;

    float sum = 0.0f;
    int k = 0;
#if TILE == 16
#pragma unroll 8
#else
#pragma unroll 4
#endif
    for (; k + 3 < n; k += 4) {
        sum += A[row * n + k + 0] * B[(k + 0) * n + col];
        sum += A[row * n + k + 1] * B[(k + 1) * n + col];
        sum += A[row * n + k + 2] * B[(k + 2) * n + col];
        sum += A[row * n + k + 3] * B[(k + 3) * n + col];
    }
    for (; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const dim3 block(TILE, TILE);
    const dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
