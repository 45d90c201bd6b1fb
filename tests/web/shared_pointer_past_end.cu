// Wrong, for the browser's access sites: a read through a pointer into tB past every __shared__ array (line 23),
// a fault the emulator places by its hook's pc; the page must name the native grader's line.
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
        const float* p = &tB[0][0];
        sum += p[TILE * TILE * 3 + tx];
        __syncthreads();  // everyone is done reading: the next phase may overwrite
    }
    C[row * n + col] = sum;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
