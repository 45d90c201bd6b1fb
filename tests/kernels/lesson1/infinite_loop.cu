// Wrong: a while loop that never increments k, so it never ends; the
// grader must stop it at its time limit (this file takes 20 s).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail did not finish
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;

    float sum = 0.0f;
    int k = 0;
    while (k < n) {
        sum += A[row * n + k] * B[k * n + col];
    }
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
