// Wrong: the inner loop runs k <= n in a kernel that already has the bounds
// guard. Thread (0,0) reads B[n * n + col], one row past the end of B, while
// computing C[0][0] inside the matrix: the message must not advise the guard
// again, but point at the index (the loop bound).
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements: every element NaN at n=1024)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail inside the matrix, so a bounds guard is not the fix
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;

    float sum = 0.0f;
    for (int k = 0; k <= n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
