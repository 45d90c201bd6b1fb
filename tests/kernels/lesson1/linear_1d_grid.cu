// Unusual but correct: a 1-D grid of 256-thread blocks; each thread turns
// its linear index into (row, col). Not the 2-D grid the lesson asks for,
// but every element of C is right.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n * n)
        return;
    int row = idx / n;
    int col = idx % n;

    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const int threads = 256;
    const int blocks = (n * n + threads - 1) / threads;
    matMulNaive<<<blocks, threads>>>(A, B, C, n);
}
