// Hostile: a barrier only some threads of each block reach, which can hang
// a real GPU. The emulator runs it to its end, never hangs, and every
// element of C is right, as on the H200 with this shape: correctness judges
// C alone (lesson 1 has no barriers check to report it).
// expect: correctness pass every element of C is right
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        __syncthreads();
    if (row >= n || col >= n)
        return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
