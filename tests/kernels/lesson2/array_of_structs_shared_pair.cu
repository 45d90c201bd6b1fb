// An array of structs in shared memory: struct Pair { float a; float b; }
// and __shared__ Pair tile[TILE][TILE], so each thread stores its element
// of A into tile[ty][tx].a and its element of B into tile[ty][tx].b. The
// inner product reads tile[ty][k].a and tile[k][tx].b. (Interleaving doubles
// the stride, so it has bank conflicts, but it is right.) Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

struct Pair {
    float a;
    float b;
};

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ Pair tile[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    tile[ty][tx].a = A[row * n + phase * TILE + tx];
    tile[ty][tx].b = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tile[ty][k].a * tile[k][tx].b;
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
