// The shared tiles declared through a macro, #define SHARED_TILE(name)
// __shared__ float name[TILE][TILE], used inside the kernel as
// SHARED_TILE(tA); SHARED_TILE(tB); (a course handout's shorthand), and a
// CUTLASS-style PRAGMA_UNROLL macro, #define PRAGMA_UNROLL _Pragma("unroll"),
// before the inner loop. The kernel is the lesson's with both barriers.
// Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define SHARED_TILE(name) __shared__ float name[TILE][TILE]
#define PRAGMA_UNROLL _Pragma("unroll")

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    SHARED_TILE(tA);
    SHARED_TILE(tB);

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        PRAGMA_UNROLL
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
