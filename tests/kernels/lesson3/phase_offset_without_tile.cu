// Wrong: the tiles start at `ph` instead of `ph * TILE`, so phase 1 loads
// columns 1..16 of A and rows 1..16 of B; only phase 0 is right.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail \* TILE is missing
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int ph = 0; ph < n / TILE; ++ph) {
        tA[ty][tx] = A[row * n + ph + tx];
        tB[ty][tx] = B[(ph + ty) * n + col];
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
