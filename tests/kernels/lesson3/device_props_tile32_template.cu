// Host code that asks the device: cudaGetDeviceProperties decides between a
// 32 x 32 and a 16 x 16 block (1024 threads per block and 8 KB of shared
// memory are needed for 32), and the kernel is a template <int BLOCK>
// launched as tiledMatMul<32><<<...>>> or tiledMatMul<16><<<...>>>. Both are
// written with guards and zero padding, so the 32 version is right at n = 16,
// 48 and 1040 too. matMulTiled is the TILE instance. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int BLOCK>
__device__ __forceinline__ void tiledBody(const float* A, const float* B, float* C, int n)
{
    __shared__ float sA[BLOCK][BLOCK];
    __shared__ float sB[BLOCK][BLOCK];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * BLOCK + ty;
    const int col = blockIdx.x * BLOCK + tx;

    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += BLOCK) {
        sA[ty][tx] = (row < n && k0 + tx < n) ? A[row * n + k0 + tx] : 0.0f;
        sB[ty][tx] = (k0 + ty < n && col < n) ? B[(k0 + ty) * n + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK; ++k)
            sum += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (row < n && col < n)
        C[row * n + col] = sum;
}

template <int BLOCK>
__global__ void tiledMatMul(const float* A, const float* B, float* C, int n)
{
    tiledBody<BLOCK>(A, B, C, n);
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    tiledBody<TILE>(A, B, C, n);
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    static int block = 0;
    if (block == 0) {
        int dev = 0;
        cudaDeviceProp prop;
        cudaGetDevice(&dev);
        cudaGetDeviceProperties(&prop, dev);
        const bool big = prop.maxThreadsPerBlock >= 32 * 32 && prop.sharedMemPerBlock >= 2 * 32 * 32 * sizeof(float);
        block = big ? 32 : 16;
    }

    dim3 threads(block, block);
    dim3 grid((n + block - 1) / block, (n + block - 1) / block);
    if (block == 32)
        tiledMatMul<32><<<grid, threads>>>(A, B, C, n);
    else
        tiledMatMul<16><<<grid, threads>>>(A, B, C, n);
}
