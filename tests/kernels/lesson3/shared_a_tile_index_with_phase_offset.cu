// Wrong: the store into the A tile adds the phase offset to the shared
// index, tA[ty][tx + ph*TILE], as the global index needs it. From phase 1 on
// the second index runs past the tile's 16 columns (tA[0][16] is tA[1][0],
// and the last rows land past the end of tA).
// nvcc 13.0: builds
// On the H200 (nvcc 13.0, 2026-12-03): as expected below, on both backends.
// expect: compile pass
// expect: correctness fail __shared__ array tA: in tA\[ty\]\[tx \+ ph\*TILE\], the second index, tx \+ ph\*TILE, is 16
// expect: barriers fail out-of-bounds index
// expect: traffic fail out-of-bounds index
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        tA[ty][tx + ph*TILE] = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * n + col];
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
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
