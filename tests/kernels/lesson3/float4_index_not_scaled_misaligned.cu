// Wrong: float4 tile loads with the vector index not scaled. A 16 x 4 block
// moves each 16 x 16 tile as 64 float4s; ldCol = tid % 4 is the float4's
// index within its tile row. The shared stores scale it (ldCol * 4), but the
// global addresses add ldCol unscaled: A + ... + 1, + 2 and + 3 are not
// 16-byte aligned, and a float4 load from them is a misaligned-address fault
// on the GPU (the tiles would be wrong anyway).
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
    __shared__ __align__(16) float tA[TILE][TILE];
    __shared__ __align__(16) float tB[TILE][TILE];

    const int tx = threadIdx.x, ty = threadIdx.y;    // 16 x 4
    const int tid = ty * TILE + tx;
    const int ldRow = tid / 4;
    const int ldCol = tid % 4;                       // float4 index in the row
    const int rowBase = blockIdx.y * TILE, colBase = blockIdx.x * TILE;

    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k0 = 0; k0 < n; k0 += TILE) {
        const float4 a = reinterpret_cast<const float4*>(A + (rowBase + ldRow) * n + k0 + ldCol)[0];
        const float4 b = reinterpret_cast<const float4*>(B + (k0 + ldRow) * n + colBase + ldCol)[0];
        tA[ldRow][ldCol * 4 + 0] = a.x; tA[ldRow][ldCol * 4 + 1] = a.y;
        tA[ldRow][ldCol * 4 + 2] = a.z; tA[ldRow][ldCol * 4 + 3] = a.w;
        tB[ldRow][ldCol * 4 + 0] = b.x; tB[ldRow][ldCol * 4 + 1] = b.y;
        tB[ldRow][ldCol * 4 + 2] = b.z; tB[ldRow][ldCol * 4 + 3] = b.w;
        __syncthreads();

        for (int k = 0; k < TILE; ++k) {
            const float bk = tB[k][tx];
            for (int i = 0; i < 4; ++i)
                acc[i] += tA[ty + 4 * i][k] * bk;
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
