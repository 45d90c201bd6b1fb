// Dynamic shared memory, double buffered: one extern __shared__ array carved
// into two buffers of an A tile and a B tile, its size (4 * TILE * TILE
// floats) passed as the third launch argument, with cudaFuncSetAttribute
// (cudaFuncAttributeMaxDynamicSharedMemorySize) called first as the guide
// says to for large tiles. The tile index math is a template <int BLOCK>
// __device__ helper. Phase p reads buffer p % 2 while the next tiles go into
// the other, one barrier per phase. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int BLOCK>
__device__ __forceinline__ float* tileOf(float* smem, int buffer, int which)
{
    return smem + (buffer * 2 + which) * BLOCK * BLOCK;   // which: 0 = A, 1 = B
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    extern __shared__ float smem[];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const int phases = n / TILE;

    tileOf<TILE>(smem, 0, 0)[ty * TILE + tx] = A[row * n + tx];
    tileOf<TILE>(smem, 0, 1)[ty * TILE + tx] = B[ty * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int p = 0; p < phases; ++p) {
        const int cur = p % 2;
        if (p + 1 < phases) {
            const int k0 = (p + 1) * TILE;
            tileOf<TILE>(smem, 1 - cur, 0)[ty * TILE + tx] = A[row * n + k0 + tx];
            tileOf<TILE>(smem, 1 - cur, 1)[ty * TILE + tx] = B[(k0 + ty) * n + col];
        }
        const float* a = tileOf<TILE>(smem, cur, 0);
        const float* b = tileOf<TILE>(smem, cur, 1);
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += a[ty * TILE + k] * b[k * TILE + tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    const int smemBytes = 4 * TILE * TILE * sizeof(float);
    cudaFuncSetAttribute(matMulTiled, cudaFuncAttributeMaxDynamicSharedMemorySize, smemBytes);
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block, smemBytes>>>(A, B, C, n);
}
