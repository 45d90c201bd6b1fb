// Wrong (for the lesson): no shared memory at all. A thread loads its A
// element into a register and the tile row's A values go around the warp by
// __shfl_sync, but B is read straight from global memory inside the k loop
// (16 loads of B per thread instead of one). The phase's result is right;
// there are no tiles to synchronize, and the traffic is not one float of A
// and one of B per thread.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers fail does not use its __shared__ tiles
// expect: traffic fail
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const int k0 = phase * TILE;

    const float a = A[row * n + k0 + tx];

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += __shfl_sync(0xffffffff, a, k, TILE) * B[(k0 + k) * n + col];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
