// Correct, and more general than asked: rounds the grid and the phase count
// up, loads 0 for tile elements outside the matrix and guards the store, so
// it also works when n is not a multiple of TILE. All checks pass.
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

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    int phases = (n + TILE - 1) / TILE;

    float sum = 0.0f;
    for (int p = 0; p < phases; ++p) {
        int aCol = p * TILE + tx;
        int bRow = p * TILE + ty;
        tA[ty][tx] = (row < n && aCol < n) ? A[row * n + aCol] : 0.0f;
        tB[ty][tx] = (bRow < n && col < n) ? B[bRow * n + col] : 0.0f;
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    if (row < n && col < n)
        C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
