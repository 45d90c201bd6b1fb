// Wrong (for the lesson): in every phase thread (0,0) copies both whole
// tiles (512 loads) while 255 threads wait. Correct, race-free and the total
// is 2n/TILE per element, but the loads are serialized; lesson 2's traffic
// check fails this pattern ("Some threads load nothing"), so lesson 3's should too.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: barriers pass
// expect: traffic fail
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
        if (tx == 0 && ty == 0) {
            for (int i = 0; i < TILE; ++i)
                for (int j = 0; j < TILE; ++j) {
                    tA[i][j] = A[(blockIdx.y * TILE + i) * n + phase * TILE + j];
                    tB[i][j] = B[(phase * TILE + i) * n + blockIdx.x * TILE + j];
                }
        }
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
