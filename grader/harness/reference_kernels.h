// The grader's own naive and tiled kernels: what lesson 4's timer is run on,
// and what the speedup check compares a student's kernel against.
// Non-goal: peak speed; they are the textbook kernels, measured as such.
#pragma once

namespace reference {

constexpr int kTile = 16;

__global__ void naiveKernel(const float* A, const float* B, float* C, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n) return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

__global__ void tiledKernel(const float* A, const float* B, float* C, int n) {
#ifdef CUEMU
    float (&tA)[kTile][kTile] = ::cuemu::sharedVar<float[kTile][kTile]>(1000, "refA", __LINE__);
    float (&tB)[kTile][kTile] = ::cuemu::sharedVar<float[kTile][kTile]>(1001, "refB", __LINE__);
#else
    __shared__ float tA[kTile][kTile];
    __shared__ float tB[kTile][kTile];
#endif
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
    float sum = 0.0f;
    for (int p = 0; p < n / kTile; ++p) {
        tA[ty][tx] = A[row * n + p * kTile + tx];
        tB[ty][tx] = B[(p * kTile + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < kTile; ++k) sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

#ifdef CUEMU
#define REFERENCE_LAUNCH(kernel, grid, block, ...) ::cuemu::launch(kernel, ::cuemu::LaunchConfig(grid, block), __VA_ARGS__)
#else
#define REFERENCE_LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)
#endif

inline void launchNaive(const float* A, const float* B, float* C, int n) {
    dim3 block(kTile, kTile), grid((n + kTile - 1) / kTile, (n + kTile - 1) / kTile);
    REFERENCE_LAUNCH(naiveKernel, grid, block, A, B, C, n);
}

inline void launchTiled(const float* A, const float* B, float* C, int n) {
    dim3 block(kTile, kTile), grid(n / kTile, n / kTile);
    REFERENCE_LAUNCH(tiledKernel, grid, block, A, B, C, n);
}

}  // namespace reference
