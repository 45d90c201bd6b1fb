// Wrong: SGEMM-blog style (C = alpha * A * B + beta * C, the first index x
// from blockIdx.x taken as the row, 32 x 32 blocks) called with alpha = 1 and
// beta = 0. The kernel still reads C: beta * C[...] is 0 * NaN = NaN on a C
// that starts out as NaN (or garbage), so every element comes out NaN. BLAS
// never reads C when beta is 0; this kernel does.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
#define TILE 16
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

__device__ __forceinline__ void sgemmNaive(int M, int N, int K, float alpha, const float* A, const float* B, float beta, float* C)
{
    const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;

    if (x < M && y < N) {
        float tmp = 0.0f;
        for (int i = 0; i < K; ++i)
            tmp += A[x * K + i] * B[i * N + y];
        // C = alpha * (A @ B) + beta * C
        C[x * N + y] = alpha * tmp + beta * C[x * N + y];
    }
}

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    sgemmNaive(n, n, n, 1.0f, A, B, 0.0f, C);
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 gridDim(CEIL_DIV(n, 32), CEIL_DIV(n, 32), 1);
    dim3 blockDim(32, 32, 1);
    matMulNaive<<<gridDim, blockDim>>>(A, B, C, n);
}
