// A template kernel with the tile as its parameter, template <int T>
// __global__ void tilePhaseKernel(...), which the launcher instantiates at
// TILE. The student never writes matMulTilePhase itself (the contract's
// kernel): only launchMatMulTilePhase is called by the grader, so nvcc
// compiles and links it, and the work done is right. CONTRACT.md says a
// lesson function left undefined fails the build; whether the graders
// notice a missing kernel that nothing calls is what this file probes.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

template <int T>
__global__ void tilePhaseKernel(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float As[T][T];
    __shared__ float Bs[T][T];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * T + ty;
    const int col = blockIdx.x * T + tx;

    As[ty][tx] = A[row * n + phase * T + tx];
    Bs[ty][tx] = B[(phase * T + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < T; ++k)
        sum += As[ty][k] * Bs[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    tilePhaseKernel<TILE><<<grid, block>>>(A, B, C, n, phase);
}
