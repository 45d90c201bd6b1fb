// Wrong (for nvcc without --expt-relaxed-constexpr): a constexpr index helper
// with no __device__ qualifier, called from the kernel with run-time
// arguments. A constexpr function is still __host__ only unless nvcc is given
// --expt-relaxed-constexpr, and the call is not a constant expression, so
// nvcc refuses it ("calling a constexpr __host__ function from a __global__
// function is not allowed"). Compile fails.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 22
// expect: compile fail
// expect: correctness fail
#define TILE 16

constexpr int flat(int r, int c, int n) { return r * n + c; }

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[flat(row, k, n)] * B[flat(k, col, n)];
        C[flat(row, col, n)] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const dim3 block(TILE, TILE);
    const dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
