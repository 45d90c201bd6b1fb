// Cooperative-groups style: cg::this_thread_block() for the block,
// block.thread_rank() for the thread's tile position, block.sync() for both
// barriers, and cg::tiled_partition<32>(block) for the warp. Only the B tile
// lives in shared memory: each thread keeps its A element in a register and
// the warp hands it along its 16-lane half (one tile row) with
// warp.shfl(a, half + k). One load of A and one of B per thread per phase.
// Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tB[TILE][TILE];

    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);

    const int rank = block.thread_rank();    // ty * TILE + tx
    const int ty = rank / TILE, tx = rank % TILE;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const int half = warp.thread_rank() & ~(TILE - 1);   // lane 0 or 16: start of this tile row

    float sum = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        const float a = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * n + col];
        block.sync();

        for (int k = 0; k < TILE; ++k)
            sum += warp.shfl(a, half + k) * tB[k][tx];
        block.sync();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
