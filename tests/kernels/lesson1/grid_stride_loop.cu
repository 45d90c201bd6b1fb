// Unusual but correct: a fixed 2 x 2 grid of 16 x 16 blocks; each thread
// walks C with 2-D grid-stride loops, so any n is covered.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    for (int row = blockIdx.y * blockDim.y + threadIdx.y; row < n; row += gridDim.y * blockDim.y) {
        for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < n; col += gridDim.x * blockDim.x) {
            float sum = 0.0f;
            for (int k = 0; k < n; ++k)
                sum += A[row * n + k] * B[k * n + col];
            C[row * n + col] = sum;
        }
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(2, 2);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
