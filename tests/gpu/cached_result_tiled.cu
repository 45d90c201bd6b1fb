// Tampering case for the speedup check: after its first launch the kernel
// returns at once, keeping the old C. Fresh inputs per timed run and a
// sampled check of C after each run catch it.
#define TILE 16

__device__ int computedOnce = 0;

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    if (computedOnce) return;
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int p = 0; p < n / TILE; ++p) {
        tA[ty][tx] = A[row * n + p * TILE + tx];
        tB[ty][tx] = B[(p * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k) sum += tA[ty][k] * tB[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

__global__ void markComputed() { computedOnce = 1; }

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    matMulTiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(A, B, C, n);
    markComputed<<<1, 1>>>();
}
