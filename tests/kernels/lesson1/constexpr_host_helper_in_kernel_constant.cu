// Wrong (under nvcc): a constexpr helper without __device__, called inside the
// kernel only in a constant expression, constexpr int kStep =
// unrollStep(TILE). The student expects the call to be folded away, and
// clang accepts it, but nvcc without --expt-relaxed-constexpr refuses any
// call of a constexpr __host__ function from a __global__ function, constant
// expression or not ("calling a constexpr __host__ function ... is not
// allowed"). Compile fails. (constexpr_host_helper_file_scope.cu hoists the
// constant to file scope, which nvcc accepts.)
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 20
// expect: compile fail
// expect: correctness fail
#define TILE 16

constexpr int unrollStep(int tile) { return tile >= 16 ? 4 : 2; }
constexpr int blocksFor(int n, int tile) { return (n + tile - 1) / tile; }

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    constexpr int kStep = unrollStep(TILE);
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;
    float sum = 0.0f;
    int k = 0;
    for (; k + kStep <= n; k += kStep) {
#pragma unroll
        for (int j = 0; j < kStep; ++j)
            sum += A[row * n + k + j] * B[(k + j) * n + col];
    }
    for (; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(blocksFor(n, TILE), blocksFor(n, TILE));
    matMulNaive<<<grid, block>>>(A, B, C, n);
}
