// Read-only-cache habit: const float* __restrict__ parameters and the tile
// loads written as __ldg(&A[...]) and __ldg(&B[...]), one element of each
// tile per thread, then the barrier and the inner product from shared
// memory. __ldg is an ordinary global load as far as the result and the
// traffic go. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                int n, int phase)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    sA[ty][tx] = __ldg(&A[row * n + phase * TILE + tx]);
    sB[ty][tx] = __ldg(&B[(phase * TILE + ty) * n + col]);
    __syncthreads();

    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k)
        sum = fmaf(sA[ty][k], sB[k][tx], sum);
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
