// Shared tiles in a nested block scope inside the kernel: { __shared__ ...;
// for (phases) { ... } } with the accumulator declared before the block
// and the store after it. Both barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    {
        __shared__ float Asub[TILE][TILE], Bsub[TILE][TILE];
        for (int t = 0; t < n / TILE; ++t) {
            Asub[ty][tx] = A[row * n + t * TILE + tx];
            Bsub[ty][tx] = B[(t * TILE + ty) * n + col];
            __syncthreads();
#pragma unroll 4
            for (int k = 0; k < TILE; ++k)
                acc += Asub[ty][k] * Bsub[k][tx];
            __syncthreads();
        }
    }

    C[row * n + col] = acc;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
