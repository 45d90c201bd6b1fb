// Read-only cache loads: const float* __restrict__ pointers and __ldg() for
// the tile loads, then the usual phase loop with both barriers and fmaf in
// the inner product. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const float* aPtr = A + row * n + tx;          // walks right by TILE
    const float* bPtr = B + ty * n + col;          // walks down by TILE rows

    float acc = 0.0f;
    for (int p = 0; p < n / TILE; ++p, aPtr += TILE, bPtr += TILE * n) {
        sA[ty][tx] = __ldg(aPtr);
        sB[ty][tx] = __ldg(bPtr);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc = fmaf(sA[ty][k], sB[k][tx], acc);
        __syncthreads();
    }
    C[row * n + col] = acc;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
