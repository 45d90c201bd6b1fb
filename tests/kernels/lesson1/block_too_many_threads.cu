// Wrong: a 32 x 32 x 2 block is 2048 threads, over the limit of 1024 per
// block, so the launch fails and the kernel never runs.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail 1024
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.z != 0 || row >= n || col >= n)
        return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(32, 32, 2);
    dim3 grid((n + 31) / 32, (n + 31) / 32);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
