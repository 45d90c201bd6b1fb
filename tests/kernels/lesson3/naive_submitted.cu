// Wrong (for the lesson): the lesson-1 naive kernel renamed to matMulTiled.
// Right result, but no shared memory and 2n floats per element of C.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers fail does not use its __shared__ tiles
// expect: traffic fail reads 128 floats per element
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
