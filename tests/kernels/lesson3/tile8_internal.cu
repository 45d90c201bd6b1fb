// Lecture-slide style with TILE_WIDTH 8: #define TILE 16 stays for the
// contract, but the kernel tiles with 8 x 8 blocks and 8 x 8 tiles (the
// slide's example size). Correct and race-free, but a tile of 8 halves the
// reuse: 2n/8 floats per element of C where a 16 tile reads 2n/16.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic fail
#define TILE 16
#define TILE_WIDTH 8

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float ds_A[TILE_WIDTH][TILE_WIDTH];
    __shared__ float ds_B[TILE_WIDTH][TILE_WIDTH];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE_WIDTH + ty;
    int col = blockIdx.x * TILE_WIDTH + tx;

    float Cvalue = 0.0f;
    for (int p = 0; p < n / TILE_WIDTH; ++p) {
        ds_A[ty][tx] = A[row * n + p * TILE_WIDTH + tx];
        ds_B[ty][tx] = B[(p * TILE_WIDTH + ty) * n + col];
        __syncthreads();
        for (int i = 0; i < TILE_WIDTH; ++i)
            Cvalue += ds_A[ty][i] * ds_B[i][tx];
        __syncthreads();
    }
    C[row * n + col] = Cvalue;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH, 1);
    dim3 dimGrid(n / TILE_WIDTH, n / TILE_WIDTH, 1);
    matMulTiled<<<dimGrid, dimBlock>>>(A, B, C, n);
}
