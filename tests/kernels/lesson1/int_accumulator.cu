// Wrong: the running sum is an int, so every partial sum is truncated to a
// whole number.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail int
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;

    int sum = 0;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
