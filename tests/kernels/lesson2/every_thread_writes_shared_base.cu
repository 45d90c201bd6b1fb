// Wrong (for the barriers check): "compute the tile offsets once per block".
// The offsets live in two __shared__ ints, but every thread of the block
// stores them, where one thread (threadIdx.x == 0 && threadIdx.y == 0)
// should. All 256 write the same values, so the tiles and the result are
// right, but 256 threads writing one shared word with no barrier between
// them is a write-write race all the same.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers fail
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    __shared__ int aBase, bBase;

    int tx = threadIdx.x, ty = threadIdx.y;

    aBase = blockIdx.y * TILE * n + phase * TILE;   // top-left of the A tile
    bBase = phase * TILE * n + blockIdx.x * TILE;   // top-left of the B tile
    __syncthreads();

    tA[ty][tx] = A[aBase + ty * n + tx];
    tB[ty][tx] = B[bBase + ty * n + tx];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[(blockIdx.y * TILE + ty) * n + blockIdx.x * TILE + tx] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
