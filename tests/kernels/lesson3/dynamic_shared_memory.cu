// Correct: the tiles live in dynamic shared memory (extern __shared__), its
// size passed as the third launch parameter. Every check passes.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass no shared-memory races
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    extern __shared__ float smem[];
    float* tA = smem;                 // TILE * TILE floats
    float* tB = smem + TILE * TILE;   // TILE * TILE floats

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        tA[ty * TILE + tx] = A[row * n + phase * TILE + tx];
        tB[ty * TILE + tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();

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
    size_t shared = 2 * TILE * TILE * sizeof(float);
    matMulTiled<<<grid, block, shared>>>(A, B, C, n);
}
