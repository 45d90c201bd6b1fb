// Wrong: dynamic shared memory (extern __shared__ float smem[], two tiles,
// the size in the launch), the barrier after the compute is there, but the
// one between the loads and the compute is missing: threads read tile
// elements that other warps have not stored yet.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    extern __shared__ float smem[];
    float* tA = smem;
    float* tB = smem + TILE * TILE;

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty * TILE + tx] = A[row * n + p * TILE + tx];
        tB[ty * TILE + tx] = B[(p * TILE + ty) * n + col];
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
