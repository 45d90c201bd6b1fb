// Wrong: a 32 x 32 tiled kernel that rounds the grid and the phase count up
// and guards its global loads, but has no else: a tile element outside the
// matrix is simply not written, instead of being set to 0. The inner product
// still runs over all 32 k, so it reads shared memory no thread wrote in
// this phase: at n = 16 words never written at all (garbage, which may
// happen to be zero), at n = 48 and 1040 the stale values of the previous
// phase. Right only when n % 32 == 0 (64, where the structure checks run,
// 128, 1024, 2048).
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (wrong elements), barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers pass
// expect: traffic pass
#define TILE 16
#define BLOCK 32

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float sA[BLOCK][BLOCK];
    __shared__ float sB[BLOCK][BLOCK];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * BLOCK + ty;
    int col = blockIdx.x * BLOCK + tx;

    float sum = 0.0f;
    for (int t = 0; t < (n + BLOCK - 1) / BLOCK; ++t) {
        if (row < n && t * BLOCK + tx < n)
            sA[ty][tx] = A[row * n + t * BLOCK + tx];
        if (t * BLOCK + ty < n && col < n)
            sB[ty][tx] = B[(t * BLOCK + ty) * n + col];
        __syncthreads();

        for (int k = 0; k < BLOCK; ++k)
            sum += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (row < n && col < n)
        C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(BLOCK, BLOCK);
    dim3 grid((n + BLOCK - 1) / BLOCK, (n + BLOCK - 1) / BLOCK);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
