// A LAUNCH2D macro whose body holds the whole launch, including the grid
// arithmetic: LAUNCH2D(kernel, n, tile, ...) expands to kernel<<<dim3((n) /
// (tile), (n) / (tile)), dim3(tile, tile)>>>(__VA_ARGS__). The kernel is the
// lesson's, with the shared tiles at file scope. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define LAUNCH2D(kernel, n, tile, ...) \
    kernel<<<dim3((n) / (tile), (n) / (tile)), dim3((tile), (tile))>>>(__VA_ARGS__)

__shared__ float sA[TILE][TILE];
__shared__ float sB[TILE][TILE];

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        sA[ty][tx] = A[row * n + p * TILE + tx];
        sB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    LAUNCH2D(matMulTiled, n, TILE, A, B, C, n);
}
