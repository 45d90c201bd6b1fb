// "Every qualifier from the best-practices guide" style: __launch_bounds__(256),
// __restrict__ pointers, __ldg for the global loads inside a __forceinline__
// helper, constexpr sizes, #pragma unroll and __fmaf_rn in the inner
// product. Same algorithm as the lesson's kernel. Correct: fmaf of exact
// products rounds the same as a multiply then an add.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

constexpr int kTile = TILE;
constexpr int kThreads = kTile * kTile;

__device__ __forceinline__ float loadRO(const float* __restrict__ p, int index)
{
    return __ldg(p + index);
}

__global__ void __launch_bounds__(kThreads)
matMulTiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int n)
{
    __shared__ float sA[kTile][kTile];
    __shared__ float sB[kTile][kTile];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * kTile + ty;
    const int col = blockIdx.x * kTile + tx;

    float acc = 0.0f;
    for (int t = 0; t < n / kTile; ++t) {
        sA[ty][tx] = loadRO(A, row * n + t * kTile + tx);
        sB[ty][tx] = loadRO(B, (t * kTile + ty) * n + col);
        __syncthreads();

#pragma unroll
        for (int k = 0; k < kTile; ++k)
            acc = __fmaf_rn(sA[ty][k], sB[k][tx], acc);
        __syncthreads();
    }
    C[row * n + col] = acc;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(kTile, kTile);
    dim3 grid(n / kTile, n / kTile);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
