// Dynamic shared memory: extern __shared__ float smem[] with the size given
// as the third launch argument, 2 * TILE * TILE * sizeof(float) bytes. The
// kernel views the buffer as two TILE x TILE tiles through pointers to rows
// (float (*tA)[TILE] = reinterpret_cast<float (*)[TILE]>(smem)), the B tile
// starting TILE * TILE floats in. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    extern __shared__ float smem[];
    float (*tA)[TILE] = reinterpret_cast<float (*)[TILE]>(smem);
    float (*tB)[TILE] = reinterpret_cast<float (*)[TILE]>(smem + TILE * TILE);

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    tA[ty][tx] = A[row * n + phase * TILE + tx];
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    const size_t bytes = 2 * TILE * TILE * sizeof(float);
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block, bytes>>>(A, B, C, n, phase);
}
