// Wrong: both tiles in one shared struct (struct Tiles { float a[TILE][TILE];
// float b[TILE][TILE]; }; __shared__ Tiles t;), loaded one element each, but
// no __syncthreads() between the loads and the inner product: a thread reads
// t.a[ty][k] and t.b[k][tx] that other warps may not have stored yet.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic pass
#define TILE 16

struct Tiles {
    float a[TILE][TILE];
    float b[TILE][TILE];
};

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ Tiles t;

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    t.a[ty][tx] = A[row * n + phase * TILE + tx];
    t.b[ty][tx] = B[(phase * TILE + ty) * n + col];

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += t.a[ty][k] * t.b[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
