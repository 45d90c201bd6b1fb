// A constexpr helper without __device__ used where nvcc allows it: the
// constant kStep = unrollStep(TILE) is computed at file scope (a constexpr
// variable, usable in device code), and blocksFor(n, TILE) sizes the grid
// on the host. The kernel only reads kStep, the step of a manually split k
// loop with #pragma unroll inside; guarded. Correct at every size.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

constexpr int unrollStep(int tile) { return tile >= 16 ? 4 : 2; }
constexpr int blocksFor(int n, int tile) { return (n + tile - 1) / tile; }
constexpr int kStep = unrollStep(TILE);

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;
    float sum = 0.0f;
    int k = 0;
    for (; k + kStep <= n; k += kStep) {
#pragma unroll
        for (int j = 0; j < kStep; ++j)
            sum += A[row * n + k + j] * B[(k + j) * n + col];
    }
    for (; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(blocksFor(n, TILE), blocksFor(n, TILE));
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
