// Reduction-tutorial style, the post-Volta way: one warp per element of C,
// each lane sums a strided share of k into a per-warp slice of shared
// memory, and the slice is folded by a tree with __syncwarp() between the
// steps (instead of the old volatile trick). The __syncwarp() is outside the
// if, so every lane reaches it. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16
#define WARP_SIZE 32
#define WARPS_PER_BLOCK 4

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    __shared__ float partial[WARPS_PER_BLOCK][WARP_SIZE];

    const int lane = threadIdx.x % WARP_SIZE;
    const int w = threadIdx.x / WARP_SIZE;
    const long long element = (long long)blockIdx.x * WARPS_PER_BLOCK + w;
    if (element >= (long long)n * n)
        return;                              // whole warps only
    const int row = (int)(element / n), col = (int)(element % n);

    float s = 0.0f;
    for (int k = lane; k < n; k += WARP_SIZE)
        s += A[row * n + k] * B[k * n + col];
    partial[w][lane] = s;
    __syncwarp();

    for (int stride = WARP_SIZE / 2; stride > 0; stride /= 2) {
        if (lane < stride)
            partial[w][lane] += partial[w][lane + stride];
        __syncwarp();
    }
    if (lane == 0)
        C[row * n + col] = partial[w][0];
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const long long elements = (long long)n * n;
    const unsigned blocks = (unsigned)((elements + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
    matMulNaive<<<blocks, WARPS_PER_BLOCK * WARP_SIZE>>>(A, B, C, n);
}
