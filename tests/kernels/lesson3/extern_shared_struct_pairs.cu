// Dynamic shared memory holding an array of structs: extern __shared__
// ABPair tiles[] with struct ABPair { float a; float b; }, TILE * TILE of
// them (TILE * TILE * sizeof(ABPair) bytes in the launch), element [ty][tx]
// holding the thread's element of A in .a and of B in .b. Both barriers.
// Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

struct ABPair {
    float a;
    float b;
};

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    extern __shared__ ABPair tiles[];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tiles[ty * TILE + tx].a = A[row * n + p * TILE + tx];
        tiles[ty * TILE + tx].b = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tiles[ty * TILE + k].a * tiles[k * TILE + tx].b;
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block, TILE * TILE * sizeof(ABPair)>>>(A, B, C, n);
}
