// Wrong: the accumulator is declared (float sum;) but never set to 0, so it
// starts with whatever its register holds. Where that happens to be 0 the
// result is right, which hides the mistake; the emulator starts it with a
// fixed pattern, so C shows it at every size.
// nvcc 13.0: builds
// On the H200 (nvcc 13.0, 2026-12-03): as expected below, on both backends.
// expect: compile pass
// expect: correctness fail the sum started uninitialized
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum;
    for (int ph = 0; ph < n / TILE; ++ph) {
        tA[ty][tx] = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * n + col];
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
// The diagnosis codes the grader gives it (checked with the verdicts above):
// expect code: correctness sum.uninitialized
