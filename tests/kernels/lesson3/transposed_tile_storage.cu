// Unusual but correct: stores the A tile transposed (tA[tx][ty]) and reads
// it back as tA[k][ty]; consistent, race-free, two barriers. All pass.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass no shared-memory races
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * blockDim.y + ty;
    const int col = blockIdx.x * blockDim.x + tx;

    float sum = 0.0f;
    for (int ph = 0; ph * TILE < n; ph++) {
        tA[tx][ty] = A[row * n + ph * TILE + tx];
        tB[ty][tx] = B[(ph * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += tA[k][ty] * tB[k][tx];
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
