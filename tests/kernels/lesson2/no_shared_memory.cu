// Wrong (for the lesson): computes the phase's share straight from global
// memory without any tiles. The result is right, but there is nothing in
// shared memory: barriers and traffic must fail.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers fail does not use its __shared__ tiles
// expect: traffic fail inside the k loop
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;

    float sum = 0.0f;
    for (int k = phase * TILE; k < (phase + 1) * TILE; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
