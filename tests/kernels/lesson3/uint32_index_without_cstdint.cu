// Wrong (does not compile): a correct tiled kernel that indexes with
// uint32_t and never includes <cstdint>. nvcc 13's implicit headers declare
// int64_t (through <stdlib.h>) but not uint32_t, so the file fails to build
// on both backends alike.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile fail (nvcc error),
//  correctness fail (nvcc error), barriers fail (nvcc error)
// nvcc 13.0: refuses at line 16
// expect: compile fail uint32_t
// expect: correctness fail not run: the file does not compile
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    const uint32_t tx = threadIdx.x, ty = threadIdx.y;
    const uint32_t row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
