// Reduction-tutorial style applied to matmul: one warp per element of C.
// The 32 lanes stride through k, then __shfl_down_sync folds the partial
// sums into lane 0, which stores C. The mask is __activemask(), taken at the
// top where the whole warp is still converged (the early return is uniform
// per warp), so it is the full mask. Correct: every order of these additions
// is exact on the course's inputs.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// expect: compile pass
// expect: correctness pass
#define TILE 16
#define WARP_SIZE 32
#define WARPS_PER_BLOCK 8

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const long long gtid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long warpId = gtid / WARP_SIZE;
    const int lane = threadIdx.x % WARP_SIZE;
    if (warpId >= (long long)n * n)
        return;                       // all 32 lanes of a warp agree here

    const unsigned mask = __activemask();
    const int row = (int)(warpId / n);
    const int col = (int)(warpId % n);

    float partial = 0.0f;
    for (int k = lane; k < n; k += WARP_SIZE)
        partial += A[row * n + k] * B[k * n + col];

    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
        partial += __shfl_down_sync(mask, partial, offset);

    if (lane == 0)
        C[row * n + col] = partial;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const long long warps = (long long)n * n;
    const int threads = WARPS_PER_BLOCK * WARP_SIZE;
    const unsigned blocks = (unsigned)((warps + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
    matMulNaive<<<blocks, threads>>>(A, B, C, n);
}
