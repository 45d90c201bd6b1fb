// Wrong: the launch function calls exit(0) instead of launching, which
// would end the grader's process with a success code if it ran in-process.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail exit
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    (void)A; (void)B; (void)C; (void)n;
    exit(0);
}
