// Wrong: the phase loop runs while phase < n / TILE - 1, so the last phase
// is never added.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail last phase is missing
// expect: barriers pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE - 1; ++phase) {
        tA[ty][tx] = A[row * n + (phase * TILE + tx)];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
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
