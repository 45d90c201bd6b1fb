// Wrong: the whole phase loop, both __syncthreads() included, sits inside
// if (row < n && col < n) of an otherwise guarded 32 x 32 tiled kernel. When
// n is a multiple of 32 (64, 128, 1024, 2048) every thread takes the branch
// and all is well. At n = 16, 48 or 1040 the threads outside the matrix skip
// the loop: the barriers are divergent, and the tile elements those threads
// should have loaded (zeros) are never written, so the threads inside read
// shared memory no thread wrote in that phase (the previous phase's stale
// values at n = 48 and 1040).
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

    if (row < n && col < n) {
        float sum = 0.0f;
        for (int t = 0; t < (n + BLOCK - 1) / BLOCK; ++t) {
            int k = t * BLOCK;
            sA[ty][tx] = (k + tx < n) ? A[row * n + k + tx] : 0.0f;
            sB[ty][tx] = (k + ty < n) ? B[(k + ty) * n + col] : 0.0f;
            __syncthreads();
            for (int i = 0; i < BLOCK; ++i)
                sum += sA[ty][i] * sB[i][tx];
            __syncthreads();
        }
        C[row * n + col] = sum;
    }
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(BLOCK, BLOCK);
    dim3 grid((n + BLOCK - 1) / BLOCK, (n + BLOCK - 1) / BLOCK);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
