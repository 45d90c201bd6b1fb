// The tiles declared in a nested block: the kernel opens a { } scope for
// "the shared part", declares __shared__ float sA[TILE][TILE], sB inside it,
// loads, synchronizes and computes there, and stores the sum after the
// block closes. Scope does not change where shared memory lives; correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float partial = 0.0f;

    {   // the shared part
        __shared__ float sA[TILE][TILE];
        __shared__ float sB[TILE][TILE];
        sA[ty][tx] = A[row * n + phase * TILE + tx];
        sB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            partial += sA[ty][k] * sB[k][tx];
    }

    C[row * n + col] = partial;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
