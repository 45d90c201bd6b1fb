// Textbook style (PMPP chapter 5, the version for arbitrary Width): Mds/Nds
// tiles, a phase loop of ceil(Width / TILE_WIDTH) phases, every load guarded
// on its row, its column and its k index, with 0 loaded outside the matrix,
// and the store guarded. Correct at every size; every check passes.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#include <cmath>
#define TILE 16
#define TILE_WIDTH TILE

__global__ void matMulTiled(const float* M, const float* N, float* P, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x;  int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;

    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    // Loop over the M and N tiles required to compute the P element
    float Pvalue = 0;
    for (int ph = 0; ph < ceil(Width / (float)TILE_WIDTH); ++ph) {
        // Collaborative loading of M and N tiles into shared memory
        if ((Row < Width) && (ph * TILE_WIDTH + tx) < Width)
            Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
        else
            Mds[ty][tx] = 0;
        if ((ph * TILE_WIDTH + ty) < Width && Col < Width)
            Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
        else
            Nds[ty][tx] = 0;
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    if ((Row < Width) && (Col < Width))
        P[Row * Width + Col] = Pvalue;
}

void launchMatMulTiled(const float* M, const float* N, float* P, int Width)
{
    dim3 dimGrid(ceil(Width / (float)TILE_WIDTH), ceil(Width / (float)TILE_WIDTH), 1);
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH, 1);
    matMulTiled<<<dimGrid, dimBlock>>>(M, N, P, Width);
}
