// A 1-D block of TILE * TILE threads mapped onto the 2-D tile (tx =
// threadIdx.x % TILE, ty = threadIdx.x / TILE), launched from host variables
// named gridDim and blockDim (legal in host code), as in many course
// handouts. Otherwise the lesson's kernel. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, barriers pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[TILE * TILE];
    __shared__ float Bs[TILE * TILE];

    const int tx = threadIdx.x % TILE;
    const int ty = threadIdx.x / TILE;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        As[threadIdx.x] = A[row * n + t + tx];
        Bs[threadIdx.x] = B[(t + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty * TILE + k] * Bs[k * TILE + tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 blockDim(TILE * TILE);
    dim3 gridDim(n / TILE, n / TILE);
    matMulTiled<<<gridDim, blockDim>>>(A, B, C, n);
}
