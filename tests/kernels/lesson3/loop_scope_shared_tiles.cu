// The tiles declared inside the phase loop's body (__shared__ float
// tA[TILE][TILE] in the for block): a student who thinks of them as "this
// phase's tiles". A __shared__ variable has one instance per block however
// often its declaration is reached, so this is the usual kernel with both
// barriers. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int phase = 0; phase < n / TILE; ++phase) {
        __shared__ float tA[TILE][TILE];
        __shared__ float tB[TILE][TILE];

        tA[ty][tx] = A[row * n + phase * TILE + tx];
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
