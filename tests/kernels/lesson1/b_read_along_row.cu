// Wrong: B is indexed like A, B[col * n + k], so the kernel walks a row of B
// instead of a column (it computes A * B^T).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail B is read along a row
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k)
            acc += A[row * n + k] * B[col * n + k];
        C[row * n + col] = acc;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 threads(TILE, TILE);
    dim3 blocks((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<blocks, threads>>>(A, B, C, n);
}
