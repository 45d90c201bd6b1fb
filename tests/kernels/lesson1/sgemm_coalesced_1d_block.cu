// SGEMM-blog style, the "global memory coalescing" step: a 1-D block of
// 32 * 32 threads, threadIdx.x / 32 picks the row and threadIdx.x % 32 the
// column, so neighbouring threads read neighbouring elements of B and write
// neighbouring elements of C. The beta * C term of the blog's kernel is
// dropped (beta is 0 here), so C is never read. Correct, 72 included.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

constexpr int BLOCKSIZE = 32;

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int cRow = blockIdx.x * BLOCKSIZE + (threadIdx.x / BLOCKSIZE);
    const int cCol = blockIdx.y * BLOCKSIZE + (threadIdx.x % BLOCKSIZE);

    if (cRow < n && cCol < n) {
        float tmp = 0.0f;
        for (int i = 0; i < n; ++i)
            tmp += A[cRow * n + i] * B[i * n + cCol];
        C[cRow * n + cCol] = tmp;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 gridDim(CEIL_DIV(n, BLOCKSIZE), CEIL_DIV(n, BLOCKSIZE));
    dim3 blockDim(BLOCKSIZE * BLOCKSIZE);
    matMulNaive<<<gridDim, blockDim>>>(A, B, C, n);
}
