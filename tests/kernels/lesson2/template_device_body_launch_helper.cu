// Template style: the phase's work is a template <int T> __device__ function
// with T-sized __shared__ tiles declared inside it, a constexpr helper
// sharedBytes<T>() documents the footprint (static_assert under 48 KB), the
// kernel instantiates the body at TILE, and a templated launch helper
// launchTiles<T>(...) computes the grid from T. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int T>
constexpr int sharedBytes() { return 2 * T * T * int(sizeof(float)); }
static_assert(sharedBytes<TILE>() <= 48 * 1024, "two tiles must fit in static shared memory");

template <int T>
__device__ void phaseBody(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float As[T][T];
    __shared__ float Bs[T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * T + ty;
    const int col = blockIdx.x * T + tx;

    As[ty][tx] = A[row * n + phase * T + tx];
    Bs[ty][tx] = B[(phase * T + ty) * n + col];
    __syncthreads();

    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < T; ++k)
        acc += As[ty][k] * Bs[k][tx];
    C[row * n + col] = acc;
}

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    phaseBody<TILE>(A, B, C, n, phase);
}

template <int T>
void launchTiles(const float* A, const float* B, float* C, int n, int phase)
{
    const dim3 block(T, T);
    const dim3 grid(n / T, n / T);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    launchTiles<TILE>(A, B, C, n, phase);
}
