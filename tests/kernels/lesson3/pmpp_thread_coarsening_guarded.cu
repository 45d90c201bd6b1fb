// Textbook style (PMPP chapter 6, thread coarsening): each block computes
// COARSE_FACTOR = 2 horizontally adjacent tiles of C, loading the M tile once
// per phase and reusing it for each N tile (one barrier pair per N tile).
// Unlike the book, the grid is rounded up and the N loads and P stores are
// guarded on the column, because n / (TILE_WIDTH * COARSE_FACTOR) is not
// whole at n = 16, 48 or 1040. Correct; 4 barriers per phase (a cost the
// barrier check names, not a race).
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define TILE_WIDTH TILE
#define COARSE_FACTOR 2

__global__ void matMulTiled(const float* M, const float* N, float* P, int width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x; int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;

    int row = by * TILE_WIDTH + ty;
    int colStart = bx * TILE_WIDTH * COARSE_FACTOR + tx;

    float Pvalue[COARSE_FACTOR];
    for (int c = 0; c < COARSE_FACTOR; ++c)
        Pvalue[c] = 0.0f;

    for (int ph = 0; ph < width / TILE_WIDTH; ++ph) {
        Mds[ty][tx] = M[row * width + ph * TILE_WIDTH + tx];

        for (int c = 0; c < COARSE_FACTOR; ++c) {
            int col = colStart + c * TILE_WIDTH;
            Nds[ty][tx] = (col < width) ? N[(ph * TILE_WIDTH + ty) * width + col] : 0.0f;
            __syncthreads();

            for (int k = 0; k < TILE_WIDTH; ++k)
                Pvalue[c] += Mds[ty][k] * Nds[k][tx];
            __syncthreads();
        }
    }

    for (int c = 0; c < COARSE_FACTOR; ++c) {
        int col = colStart + c * TILE_WIDTH;
        if (col < width)
            P[row * width + col] = Pvalue[c];
    }
}

void launchMatMulTiled(const float* M, const float* N, float* P, int width)
{
    const int span = TILE_WIDTH * COARSE_FACTOR;
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid((width + span - 1) / span, width / TILE_WIDTH);
    matMulTiled<<<dimGrid, dimBlock>>>(M, N, P, width);
}
