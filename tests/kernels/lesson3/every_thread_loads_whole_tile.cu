// Wrong: every thread copies both whole tiles (it misread "load the tile"),
// so all 256 threads store to every shared element and each reads 512 floats
// per phase: barriers and traffic must both fail.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers fail store to the same shared element
// expect: traffic fail loads a whole tile
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        for (int i = 0; i < TILE; ++i)
            for (int j = 0; j < TILE; ++j) {
                tA[i][j] = A[(blockIdx.y * TILE + i) * n + phase * TILE + j];
                tB[i][j] = B[(phase * TILE + i) * n + blockIdx.x * TILE + j];
            }
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
// The diagnosis codes the grader gives it (checked with the verdicts above):
// expect code: traffic traffic.thread-loads-whole-tile
// expect code: barriers shared.store-conflict@24
