// Wrong: a template kernel, template <int BLOCK> __global__ tiledKernel, that
// matMulTiled wraps for BLOCK = TILE, but the templated launch helper is
// called with 32 (the student's tuned value): it launches tiledKernel<32>
// with 32 x 32 blocks and n / 32 of them per side, no guards. At n = 16
// the grid is 0 x 0, an invalid launch configuration; at n = 48 one block
// covers rows and columns 0..31 and sums only the first 32 of the 48 terms,
// the rest of C never written; right only when 32 divides n (64, 128). The
// traffic at n = 64 is 2n/32 per element, fewer than 2n/TILE. matMulTiled
// itself, defined for the contract, is never launched.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int BLOCK>
__global__ void tiledKernel(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[BLOCK][BLOCK];
    __shared__ float Bs[BLOCK][BLOCK];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * BLOCK + ty;
    const int col = blockIdx.x * BLOCK + tx;
    float sum = 0.0f;
    for (int p = 0; p < n / BLOCK; ++p) {
        As[ty][tx] = A[row * n + p * BLOCK + tx];
        Bs[ty][tx] = B[(p * BLOCK + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < BLOCK; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    // the contract's kernel: the same body at TILE, kept for reference
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        As[ty][tx] = A[row * n + p * TILE + tx];
        Bs[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

template <int BLOCK>
void launchTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(BLOCK, BLOCK);
    dim3 grid(n / BLOCK, n / BLOCK);
    tiledKernel<BLOCK><<<grid, block>>>(A, B, C, n);
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    launchTiled<32>(A, B, C, n);   // 32 was faster on my laptop
}
