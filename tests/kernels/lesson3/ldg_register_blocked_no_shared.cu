// Wrong (for the lesson): "registers are faster than shared memory". Each
// thread computes four adjacent elements of a row of C, reading A once per k
// (through __ldg) and the four B values straight from global memory; there is
// no __shared__ tile at all. The result is right, but there is nothing to
// synchronize and each element of C still costs about 1.25 n global reads
// instead of 2n / TILE.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers fail does not use its __shared__ tiles
// expect: traffic fail
#define TILE 16
#define COLS_PER_THREAD 4

__global__ void matMulTiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    const int row = blockIdx.y * TILE + threadIdx.y;
    const int col0 = (blockIdx.x * (TILE / COLS_PER_THREAD) + threadIdx.x) * COLS_PER_THREAD;

    float c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f;
    for (int k = 0; k < n; ++k) {
        const float a = __ldg(&A[row * n + k]);
        const float* b = &B[k * n + col0];
        c0 += a * __ldg(b + 0);
        c1 += a * __ldg(b + 1);
        c2 += a * __ldg(b + 2);
        c3 += a * __ldg(b + 3);
    }
    C[row * n + col0 + 0] = c0;
    C[row * n + col0 + 1] = c1;
    C[row * n + col0 + 2] = c2;
    C[row * n + col0 + 3] = c3;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE / COLS_PER_THREAD, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
