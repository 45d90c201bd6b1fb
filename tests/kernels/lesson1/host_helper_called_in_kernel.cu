// Wrong: the index arithmetic is factored into a plain C++ helper, inline
// int at(int r, int c, int n), with no __device__ qualifier, and the kernel
// calls it. A function without an execution-space qualifier is __host__ only,
// so nvcc refuses the call from a __global__ function ("calling a __host__
// function from a __global__ function is not allowed"). Compile fails.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 24
// expect: compile fail
// expect: correctness fail
#define TILE 16

inline int at(int r, int c, int n)
{
    return r * n + c;
}

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[at(row, k, n)] * B[at(k, col, n)];
        C[at(row, col, n)] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
