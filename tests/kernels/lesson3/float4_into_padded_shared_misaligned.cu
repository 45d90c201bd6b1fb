// Wrong: two good tricks that do not mix. The tiles are padded to
// [TILE][TILE + 1] against bank conflicts, and the loads are vectorized with
// float4 stores into shared memory, *reinterpret_cast<float4*>(&tA[r][c]).
// With a row stride of 17 floats, row r starts 68 * r bytes in, so for most
// rows &tA[r][c] is not 16-byte aligned: a misaligned shared-memory store,
// which faults on the GPU.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (cudaErrorMisalignedAddress), barriers fail
//  (cudaErrorMisalignedAddress)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic fail
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ __align__(16) float tA[TILE][TILE + 1];
    __shared__ __align__(16) float tB[TILE][TILE + 1];

    const int tx = threadIdx.x, ty = threadIdx.y;    // 16 x 4 threads
    const int tid = ty * TILE + tx;
    const int r = tid / 4, c = (tid % 4) * 4;
    const int rowBase = blockIdx.y * TILE, colBase = blockIdx.x * TILE;

    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k0 = 0; k0 < n; k0 += TILE) {
        *reinterpret_cast<float4*>(&tA[r][c]) = *reinterpret_cast<const float4*>(&A[(rowBase + r) * n + k0 + c]);
        *reinterpret_cast<float4*>(&tB[r][c]) = *reinterpret_cast<const float4*>(&B[(k0 + r) * n + colBase + c]);
        __syncthreads();

        for (int k = 0; k < TILE; ++k) {
            const float b = tB[k][tx];
            for (int i = 0; i < 4; ++i)
                acc[i] += tA[ty + 4 * i][k] * b;
        }
        __syncthreads();
    }
    for (int i = 0; i < 4; ++i)
        C[(rowBase + ty + 4 * i) * n + colBase + tx] = acc[i];
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, 4);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
