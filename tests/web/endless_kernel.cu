// A lesson 1 file whose kernel never ends, for tests/web/page_in_browser.py:
// every thread spins on a flag nothing clears. The page must stop the run at
// the lesson's time limit, say so, and stay usable.
// Non-goal: a right product (the kernel never gets that far).
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    volatile int spinning = 1;
    while (spinning) {
    }
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n)
        C[row * n + col] = 0.0f;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
