// Wrong: the lesson-3 solution with its second barrier under a branch,
// if (tx == 0) __syncthreads(); the first barrier stays unconditional. Only
// 16 threads of each block reach the second barrier, so it is divergent,
// and the message must name it first, not the unconditional one.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers fail (synccheck: divergent barrier at the branch's line)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail ^divergent barrier: __syncthreads\(\) at conditional_second_barrier.cu:31 is reached by only 16 of the 256 threads
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
    for (int phase = 0; phase < n / TILE; ++phase) {
        tA[ty][tx] = A[row * n + (phase * TILE + tx)];
        tB[ty][tx] = B[(phase * TILE + ty) * n + col];
        __syncthreads();  // the tiles are complete: everyone may read them

        for (int k = 0; k < TILE; ++k)
            sum += tA[ty][k] * tB[k][tx];
        if (tx == 0) __syncthreads();  // everyone is done reading: the next phase may overwrite
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
