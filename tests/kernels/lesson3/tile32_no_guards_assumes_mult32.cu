// Wrong: the textbook TILE_WIDTH 32 kernel with no guards at all, which
// assumes n % 32 == 0 (grid n / 32, n / 32 phases). Right at n = 64, 128,
// 1024 and 2048, but at n = 16 the grid is 0 x 0 and the launch fails (an
// invalid launch configuration), and at n = 48 or 1040 the last block row and
// column of C are never computed and every element misses the last k slice.
// At n = 64, where the structure checks run, it is a fine tiled kernel.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements), barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define TILE_WIDTH 32

__global__ void matMulTiled(const float* Md, const float* Nd, float* Pd, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x; int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0;
    for (int m = 0; m < Width / TILE_WIDTH; ++m) {
        Mds[ty][tx] = Md[Row * Width + (m * TILE_WIDTH + tx)];
        Nds[ty][tx] = Nd[(m * TILE_WIDTH + ty) * Width + Col];
        __syncthreads();
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    Pd[Row * Width + Col] = Pvalue;
}

void launchMatMulTiled(const float* Md, const float* Nd, float* Pd, int Width)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid(Width / TILE_WIDTH, Width / TILE_WIDTH);
    matMulTiled<<<dimGrid, dimBlock>>>(Md, Nd, Pd, Width);
}
