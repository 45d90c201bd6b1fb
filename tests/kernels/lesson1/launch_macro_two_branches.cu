// A LAUNCH(kernel, grid, block, ...) macro whose body holds the <<< >>>,
// used twice in the launcher: one branch for n a multiple of TILE (exact
// grid), one for the other sizes (grid rounded up). Only one runs per call;
// the kernel is guarded either way. Correct at every size.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16
#define LAUNCH(kernel, grid, block, ...) kernel<<<(grid), (block)>>>(__VA_ARGS__)

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const dim3 block(TILE, TILE);
    if (n % TILE == 0)
        LAUNCH(matMulNaive, dim3(n / TILE, n / TILE), block, A, B, C, n);
    else
        LAUNCH(matMulNaive, dim3(n / TILE + 1, n / TILE + 1), block, A, B, C, n);
}
