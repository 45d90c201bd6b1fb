// Wrong: float sum = 0 is declared inside the phase loop, and the store
// happens at the end of each phase, so only the last phase survives.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail last phase
// expect: barriers pass
// expect: traffic fail stored 4 times
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    for (int phase = 0; phase < n / TILE; ++phase) {
        float sum = 0.0f;
        tA[ty][tx] = A[row * n + (phase * TILE + tx)];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
        C[row * n + col] = sum;
    }
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
