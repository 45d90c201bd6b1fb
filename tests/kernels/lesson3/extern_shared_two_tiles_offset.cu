// Dynamic shared memory (PMPP's "extern __shared__ Mds_Nds[]" variant):
// one extern __shared__ float buffer, the M tile at its start and the N tile
// TILE * TILE floats in, indexed by hand (ty * TILE + tx); the size, 2 * TILE
// * TILE * sizeof(float), is the launch's third argument. Both barriers.
// Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    extern __shared__ float Mds_Nds[];
    float* Mds = Mds_Nds;
    float* Nds = Mds_Nds + TILE * TILE;

    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = blockIdx.y * TILE + ty;
    int Col = blockIdx.x * TILE + tx;

    float Pvalue = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        Mds[ty * TILE + tx] = A[Row * n + ph * TILE + tx];
        Nds[ty * TILE + tx] = B[(ph * TILE + ty) * n + Col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            Pvalue += Mds[ty * TILE + k] * Nds[k * TILE + tx];
        __syncthreads();
    }
    C[Row * n + Col] = Pvalue;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    const size_t size = 2 * TILE * TILE * sizeof(float);
    dim3 dimBlock(TILE, TILE);
    dim3 dimGrid(n / TILE, n / TILE);
    matMulTiled<<<dimGrid, dimBlock, size>>>(A, B, C, n);
}
