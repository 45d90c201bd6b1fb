// The fix of host_helper_no_device_in_phase_loop.cu: the same helper marked
// __device__ __forceinline__, taking a reference to the shared tile
// (float (&tile)[TILE][TILE]) and the top-left corner of the source tile.
// Both barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__device__ __forceinline__ void loadTile(float (&tile)[TILE][TILE], const float* corner, int ld)
{
    tile[threadIdx.y][threadIdx.x] = corner[threadIdx.y * ld + threadIdx.x];
}

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        loadTile(tA, A + blockIdx.y * TILE * n + p * TILE, n);
        loadTile(tB, B + p * TILE * n + blockIdx.x * TILE, n);
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
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
