// Vectorized tile loads as SGEMM blog posts write them: a FETCH_FLOAT4
// macro built on a C-style cast, (*(float4*)(&(p))). A 16 x 4 block moves
// each 16 x 16 tile as 64 float4s, one of A and one of B per thread, and
// each thread then computes four elements of C from the tiles. The tiles
// are __align__(16) with rows of 16 floats and n is a multiple of 16, so
// every float4 in shared and global memory is 16-byte aligned. Correct.
// On the H200 (nvcc 13.0, 2026-12-04): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define FETCH_FLOAT4(p) (*(float4*)(&(p)))

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ __align__(16) float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;    // 16 x 4 threads
    const int tid = ty * TILE + tx;
    const int r = tid / 4, c = (tid % 4) * 4;        // this thread's float4 of each tile
    const int rowBase = blockIdx.y * TILE, colBase = blockIdx.x * TILE;
    const int k0 = phase * TILE;

    FETCH_FLOAT4(tA[r][c]) = FETCH_FLOAT4(((float*)A)[(rowBase + r) * n + k0 + c]);
    FETCH_FLOAT4(tB[r][c]) = FETCH_FLOAT4(((float*)B)[(k0 + r) * n + colBase + c]);
    __syncthreads();

    for (int i = 0; i < 4; ++i) {
        float sum = 0.0f;
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty + 4 * i][k] * tB[k][tx];
        C[(rowBase + ty + 4 * i) * n + colBase + tx] = sum;
    }
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, 4);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
