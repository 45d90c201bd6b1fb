// Textbook style (Kirk & Hwu, PMPP chapter 4): one thread per element of
// P = M * N, Row and Col from the block and thread indices, a grid of
// ceil(Width / TILE_WIDTH) blocks per side and the Row < Width && Col < Width
// guard around the whole computation. Correct at every size, 72 included.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#include <cmath>
#define TILE 16
#define TILE_WIDTH TILE

__global__ void matMulNaive(const float* M, const float* N, float* P, int Width)
{
    // Calculate the row index of the P element and M
    int Row = blockIdx.y * blockDim.y + threadIdx.y;
    // Calculate the column index of P and N
    int Col = blockIdx.x * blockDim.x + threadIdx.x;

    if ((Row < Width) && (Col < Width)) {
        float Pvalue = 0;
        // each thread computes one element of the block sub-matrix
        for (int k = 0; k < Width; ++k)
            Pvalue += M[Row * Width + k] * N[k * Width + Col];
        P[Row * Width + Col] = Pvalue;
    }
}

void launchMatMulNaive(const float* d_M, const float* d_N, float* d_P, int Width)
{
    dim3 dimGrid(ceil(Width / (float)TILE_WIDTH), ceil(Width / (float)TILE_WIDTH), 1);
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH, 1);
    matMulNaive<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
}
