// Wrong (for the lesson): every thread loads its own element of the B tile,
// but thread (0,0) alone copies the whole A tile with 64 float4 loads (256
// floats) while the rest wait at the barrier. Correct and race-free; the
// block reads each tile element once, yet one thread reads 64 times its
// share of A: the loading is not shared by the block.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic fail
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    if (tx == 0 && ty == 0) {
        const float* src = A + (blockIdx.y * TILE) * n + phase * TILE;
        for (int r = 0; r < TILE; ++r)
#pragma unroll
            for (int c = 0; c < TILE; c += 4)
                *reinterpret_cast<float4*>(&tA[r][c]) = *reinterpret_cast<const float4*>(&src[r * n + c]);
    }
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
