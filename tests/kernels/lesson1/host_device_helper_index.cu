// The fix of host_helper_called_in_kernel.cu: the same index helper marked
// __host__ __device__ __forceinline__, so the host launcher may use it too
// (here to compute the number of blocks with a second helper, ceilDiv).
// Guarded; correct at every size.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__host__ __device__ __forceinline__ int at(int r, int c, int n) { return r * n + c; }
__host__ __device__ __forceinline__ int ceilDiv(int a, int b) { return (a + b - 1) / b; }

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
    dim3 grid(ceilDiv(n, TILE), ceilDiv(n, TILE));
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
