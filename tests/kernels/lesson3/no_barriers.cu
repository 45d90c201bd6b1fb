// Wrong: the phase loop has no __syncthreads() at all: threads compute from
// tiles their neighbours have not loaded and overwrite tiles still being read.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail no __syncthreads.. at all
// expect: traffic pass
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;

    float acc = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        for (int k = 0; k < TILE; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    }
    C[row * n + col] = acc;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
