// Unusual but correct: keeps #define TILE 16 for the contract but tiles with
// its own 32 x 32 blocks (n is a multiple of 32 at 64 and 128, not at 16:
// at n = 16 the guard and zero padding keep it correct). Half the traffic.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass reads 4 floats per element
#define TILE 16
#define BIG 32

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float sA[BIG][BIG];
    __shared__ float sB[BIG][BIG];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * BIG + ty;
    int col = blockIdx.x * BIG + tx;

    float sum = 0.0f;
    for (int t = 0; t < (n + BIG - 1) / BIG; ++t) {
        int k0 = t * BIG;
        sA[ty][tx] = (row < n && k0 + tx < n) ? A[row * n + k0 + tx] : 0.0f;
        sB[ty][tx] = (k0 + ty < n && col < n) ? B[(k0 + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < BIG; ++k)
            sum += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (row < n && col < n)
        C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(BIG, BIG);
    dim3 grid((n + BIG - 1) / BIG, (n + BIG - 1) / BIG);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
