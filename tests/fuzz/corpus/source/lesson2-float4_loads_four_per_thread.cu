// Vectorized-load habit from the SGEMM blogs, carried into the tile-loading
// lesson: a 16 x 4 block, each thread loading one float4 (four floats) of the
// A tile and one of the B tile through reinterpret_cast<const float4*>, into
// __align__(16) shared tiles, and computing four elements of C (rows ty,
// ty + 4, ty + 8, ty + 12). Correct and race-free, but each thread reads 4
// floats of A and 4 of B where the lesson asks for exactly one of each.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic fail
#define TILE 16
#define VEC 4

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ __align__(16) float tB[TILE][TILE];

    const int tx = threadIdx.x;                 // 0 .. 15
    const int ty = threadIdx.y;                 // 0 .. 3
    const int tid = ty * TILE + tx;             // 0 .. 63
    const int ldRow = tid / (TILE / VEC);       // 0 .. 15
    const int ldCol = (tid % (TILE / VEC)) * VEC;

    const int rowBase = blockIdx.y * TILE;
    const int colBase = blockIdx.x * TILE;
    const int k0 = phase * TILE;

    const float4 a4 = *reinterpret_cast<const float4*>(&A[(rowBase + ldRow) * n + k0 + ldCol]);
    const float4 b4 = *reinterpret_cast<const float4*>(&B[(k0 + ldRow) * n + colBase + ldCol]);
    *reinterpret_cast<float4*>(&tA[ldRow][ldCol]) = a4;
    *reinterpret_cast<float4*>(&tB[ldRow][ldCol]) = b4;
    __syncthreads();

    float sum[TILE / 4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll
    for (int k = 0; k < TILE; ++k) {
        const float b = tB[k][tx];
#pragma unroll
        for (int i = 0; i < TILE / 4; ++i)
            sum[i] += tA[ty + 4 * i][k] * b;
    }
#pragma unroll
    for (int i = 0; i < TILE / 4; ++i)
        C[(rowBase + ty + 4 * i) * n + colBase + tx] = sum[i];
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE / 4);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
