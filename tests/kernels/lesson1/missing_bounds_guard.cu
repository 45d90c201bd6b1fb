// Wrong: no bounds guard. At n = 72 the rounded-up grid has threads with
// row or col >= n, which read past A and B and write past the end of C.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail out-of-bounds read
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;

    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    int blocks = (n + TILE - 1) / TILE;
    matMulNaive<<<dim3(blocks, blocks), dim3(TILE, TILE)>>>(A, B, C, n);
}
