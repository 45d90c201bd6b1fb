// Wrong: the tile load is factored into a helper, static void loadTile(...),
// declared without __device__, and the kernel calls it in every phase.
// Without an execution-space qualifier the helper is host code only, so
// nvcc refuses the call from the __global__ kernel ("calling a __host__
// function from a __global__ function is not allowed").
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 30
// expect: compile fail
// expect: correctness fail
// expect: barriers fail
// expect: traffic fail
#define TILE 16

static void loadTile(float (*tile)[TILE], const float* src, int ld, int tx, int ty)
{
    tile[ty][tx] = src[ty * ld + tx];
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
        loadTile(tA, A + blockIdx.y * TILE * n + p * TILE, n, tx, ty);
        loadTile(tB, B + p * TILE * n + blockIdx.x * TILE, n, tx, ty);
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
