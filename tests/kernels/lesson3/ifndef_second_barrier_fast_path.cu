// Wrong: the second barrier is wrapped in #ifndef FAST ... #endif inside the
// kernel, and the file itself defines FAST near the top ("fewer barriers =
// faster"). The loads of phase p + 1 may then overwrite tiles a slower warp
// still reads in phase p: a write-after-read hazard.
// On the H200 (nvcc 13.0, 2026-12-02) the race changes C even on the GPU
// alone: correctness fails there too.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic pass
#define TILE 16
#define FAST 1

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
#ifndef FAST
        __syncthreads();
#endif
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
