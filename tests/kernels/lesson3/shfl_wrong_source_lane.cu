// Wrong: the A element of the tile row is passed around the warp with
// __shfl_sync(FULL_MASK, a, k), but a 16 x 16 block puts two tile rows in one
// warp (lanes 0-15 and 16-31), and source lane k always names the first
// half. The threads of every odd tile row multiply with the even row's A
// values. It needs __shfl_sync(FULL_MASK, a, k, TILE) (or lane (lane & 16) +
// k). Race-free, and the loads are those of a tiled kernel.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements), barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define FULL_MASK 0xffffffffu

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        const float a = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * n + col];
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += __shfl_sync(FULL_MASK, a, k) * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
