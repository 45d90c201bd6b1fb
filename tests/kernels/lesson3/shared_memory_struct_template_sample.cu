// cuda-samples idiom (the reduction sample's SharedMemory<T>): a template
// struct whose conversion operator declares extern __shared__ int __smem[]
// and returns it cast to T*, so templated device code can get a typed
// pointer to the dynamic shared memory. The kernel takes float* smem =
// SharedMemory<float>(), puts the A tile at smem and the B tile TILE * TILE
// floats in; the launch passes 2 * TILE * TILE * sizeof(float) bytes.
// Both barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <class T>
struct SharedMemory {
    __device__ inline operator T*()
    {
        extern __shared__ int __smem[];
        return (T*)__smem;
    }
    __device__ inline operator const T*() const
    {
        extern __shared__ int __smem[];
        return (T*)__smem;
    }
};

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    float* smem = SharedMemory<float>();
    float* tA = smem;
    float* tB = smem + TILE * TILE;

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty * TILE + tx] = A[row * n + p * TILE + tx];
        tB[ty * TILE + tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty * TILE + k] * tB[k * TILE + tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block, 2 * TILE * TILE * sizeof(float)>>>(A, B, C, n);
}
