// Wrong: dynamic shared memory for two tiles, but the launch passes the size
// of one, TILE * TILE * sizeof(float) (1 KB): the B tile, TILE * TILE floats
// into the buffer, lies wholly past the end of the block's dynamic shared
// memory. Every store to and read from tB is out of bounds (on a GPU an
// out-of-range shared address or, with compute-sanitizer, an invalid
// __shared__ access).
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail
// expect: barriers fail
// expect: traffic fail
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    extern __shared__ float smem[];
    float* tA = smem;                 // TILE * TILE floats
    float* tB = smem + TILE * TILE;   // the next TILE * TILE floats

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    tA[ty * TILE + tx] = A[row * n + phase * TILE + tx];
    tB[ty * TILE + tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty * TILE + k] * tB[k * TILE + tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block, TILE * TILE * sizeof(float)>>>(A, B, C, n, phase);
}
