// Wrong: the grid is n / TILE blocks without rounding up, so at n = 72 the
// last 8 rows and columns of C are never written (right at n = 16 and 48).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail covers only
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;

    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
