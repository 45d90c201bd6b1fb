// Wrong: every thread declares a 2 MB local array. The emulator's threads
// have 1 MB of stack each; the run must stop with a message that says so,
// not crash the grader or corrupt another thread.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail overflowed its 1 MB stack
#define TILE 16
#define SCRATCH (512 * 1024)

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    float scratch[SCRATCH];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        tA[ty][tx] = A[row * n + (phase * TILE + tx)];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        scratch[(phase * 7919 + tx) % SCRATCH] = sum;
        __syncthreads();
    }
    C[row * n + col] = sum + 0.0f * scratch[tx];
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
