// Wrong: the store is shifted by one, C[row * n + col - 1], in a kernel that
// has the bounds guard. Thread (0,0) writes C[-1], one before the start of C:
// the message must say so and point at the index, not at the guard.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail C\[-1\] .*one before the start.*inside the matrix
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
    C[row * n + col - 1] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
