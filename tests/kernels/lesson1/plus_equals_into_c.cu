// Wrong: accumulates straight into C with +=. C is not zero before the
// launch (the grader fills it with NaN), so every element stays NaN.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail wrote NaN
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        for (int k = 0; k < n; k++)
            C[row * n + col] += A[row * n + k] * B[k * n + col];
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
