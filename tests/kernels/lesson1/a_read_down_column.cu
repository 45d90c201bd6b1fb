// Wrong: A is indexed like B, A[k * n + row], so the kernel walks down a
// column of A instead of along its row (it computes A^T * B).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail A is read down a column
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int r = blockIdx.y * blockDim.y + threadIdx.y;
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n || c >= n) return;
    float s = 0;
    for (int k = 0; k < n; ++k) s += A[k * n + r] * B[k * n + c];
    C[r * n + c] = s;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
