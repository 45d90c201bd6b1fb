// Template style: the whole phase loop is template <int T> __device__
// tiledBody(...), with __host__ __device__ constexpr helpers (phasesOf(n),
// tileOffset(p)) used both in the kernel and in a templated launch helper,
// launchWithTile<T>(...). matMulTiled instantiates the body at TILE; the
// launcher calls launchWithTile<TILE>. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int T>
__host__ __device__ constexpr int phasesOf(int n) { return n / T; }

template <int T>
__host__ __device__ constexpr int tileOffset(int p) { return p * T; }

template <int T>
__device__ __forceinline__ void tiledBody(const float* A, const float* B, float* C, int n)
{
    __shared__ float sA[T][T];
    __shared__ float sB[T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * T + ty;
    const int col = blockIdx.x * T + tx;

    float acc = 0.0f;
    for (int p = 0; p < phasesOf<T>(n); ++p) {
        sA[ty][tx] = A[row * n + tileOffset<T>(p) + tx];
        sB[ty][tx] = B[(tileOffset<T>(p) + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T; ++k)
            acc += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    tiledBody<TILE>(A, B, C, n);
}

template <int T>
void launchWithTile(const float* A, const float* B, float* C, int n)
{
    static_assert(T * T <= 1024, "one thread per element of the tile");
    dim3 block(T, T);
    dim3 grid(phasesOf<T>(n), phasesOf<T>(n));
    matMulTiled<<<grid, block>>>(A, B, C, n);
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    launchWithTile<TILE>(A, B, C, n);
}
