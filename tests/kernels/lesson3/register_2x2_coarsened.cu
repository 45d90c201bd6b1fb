// Thread coarsening, textbook style (PMPP chapter 6): an 8 x 8 block still
// owns a 16 x 16 tile of C, each thread computing a 2 x 2 patch (rows ty and
// ty + 8, columns tx and tx + 8) in registers and loading four elements of
// each tile per phase. Correct; per element of C it reads what TILE 16 does.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define COARSE 2
#define THREADS (TILE / COARSE)   // 8 threads per side

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;   // 0 .. 7
    const int rowBase = blockIdx.y * TILE;
    const int colBase = blockIdx.x * TILE;

    float c00 = 0.0f, c01 = 0.0f, c10 = 0.0f, c11 = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        const int k0 = ph * TILE;
#pragma unroll
        for (int i = 0; i < COARSE; ++i)
#pragma unroll
            for (int j = 0; j < COARSE; ++j) {
                const int r = ty + i * THREADS, c = tx + j * THREADS;
                tA[r][c] = A[(rowBase + r) * n + k0 + c];
                tB[r][c] = B[(k0 + r) * n + colBase + c];
            }
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            const float a0 = tA[ty][k], a1 = tA[ty + THREADS][k];
            const float b0 = tB[k][tx], b1 = tB[k][tx + THREADS];
            c00 += a0 * b0;
            c01 += a0 * b1;
            c10 += a1 * b0;
            c11 += a1 * b1;
        }
        __syncthreads();
    }

    C[(rowBase + ty) * n + colBase + tx] = c00;
    C[(rowBase + ty) * n + colBase + tx + THREADS] = c01;
    C[(rowBase + ty + THREADS) * n + colBase + tx] = c10;
    C[(rowBase + ty + THREADS) * n + colBase + tx + THREADS] = c11;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(THREADS, THREADS);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
