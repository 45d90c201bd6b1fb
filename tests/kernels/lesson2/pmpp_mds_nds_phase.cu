// Textbook style (PMPP chapter 5), one phase of the tiled kernel: the Mds and
// Nds tiles, bx/by/tx/ty and Row/Col named as in the book, the tile loads
// offset by ph * TILE_WIDTH, one __syncthreads() and the inner product from
// the tiles only. Correct; every check passes.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define TILE_WIDTH TILE

__global__ void matMulTilePhase(const float* M, const float* N, float* P, int Width, int ph)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x;  int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;

    // Identify the row and column of the P element to work on
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    // Collaborative loading of M and N tiles into shared memory
    Mds[ty][tx] = M[Row * Width + ph * TILE_WIDTH + tx];
    Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * Width + Col];
    __syncthreads();

    float Pvalue = 0;
    for (int k = 0; k < TILE_WIDTH; ++k)
        Pvalue += Mds[ty][k] * Nds[k][tx];
    P[Row * Width + Col] = Pvalue;
}

void launchMatMulTilePhase(const float* M, const float* N, float* P, int Width, int ph)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid(Width / TILE_WIDTH, Width / TILE_WIDTH);
    matMulTilePhase<<<dimGrid, dimBlock>>>(M, N, P, Width, ph);
}
