// cuda-samples flavour for one phase: the work is a template <int BLOCK_SIZE>
// device function reading its tiles from dynamic shared memory (extern
// __shared__), the kernel instantiates it at TILE, and the launch passes
// 2 * TILE * TILE floats as the third launch argument after
// cudaFuncSetAttribute raises the kernel's dynamic shared-memory limit to
// that size (not needed for 2 KB, but harmless). Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int BLOCK_SIZE>
__device__ __forceinline__ void tilePhase(const float* A, const float* B, float* C, int n, int phase, float* smem)
{
    float* As = smem;                             // BLOCK_SIZE x BLOCK_SIZE
    float* Bs = smem + BLOCK_SIZE * BLOCK_SIZE;   // BLOCK_SIZE x BLOCK_SIZE

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int aBegin = n * BLOCK_SIZE * blockIdx.y + phase * BLOCK_SIZE;
    const int bBegin = phase * BLOCK_SIZE * n + BLOCK_SIZE * blockIdx.x;

    As[ty * BLOCK_SIZE + tx] = A[aBegin + n * ty + tx];
    Bs[ty * BLOCK_SIZE + tx] = B[bBegin + n * ty + tx];
    __syncthreads();

    float Csub = 0.0f;
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k)
        Csub += As[ty * BLOCK_SIZE + k] * Bs[k * BLOCK_SIZE + tx];

    const int c = n * BLOCK_SIZE * blockIdx.y + BLOCK_SIZE * blockIdx.x;
    C[c + n * ty + tx] = Csub;
}

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    extern __shared__ float smem[];
    tilePhase<TILE>(A, B, C, n, phase, smem);
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    const size_t smemBytes = 2 * TILE * TILE * sizeof(float);
    cudaFuncSetAttribute(matMulTilePhase, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smemBytes);

    dim3 threads(TILE, TILE);
    dim3 grid(n / threads.x, n / threads.y);
    matMulTilePhase<<<grid, threads, smemBytes>>>(A, B, C, n, phase);
}
