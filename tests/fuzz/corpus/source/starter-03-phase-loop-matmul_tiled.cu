// Lesson 3: the full tiled kernel, a loop over phases.
// Each phase stages one tile of A and one tile of B in shared memory and adds
// their product to a running sum; after n / TILE phases the sum is C[row][col].
// Check your work with:  ctest --test-dir build -L lesson3
#define TILE 16

__global__ void matMulTiled(const float* A, const float* B, float* C, int n)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    // TODO 1: loop over the n / TILE phases.
    //   TODO 2: load this thread's element of the A tile and of the B tile
    //           for the current phase (as in lesson 2).
    //   TODO 3: the first barrier: the tiles must be complete before use.
    //   TODO 4: accumulate the TILE products of this phase into `sum`.
    //   TODO 5: the second barrier: nobody may overwrite a tile that a
    //           slower thread is still reading.

    C[row * n + col] = sum;
    (void)A; (void)B; (void)tA; (void)tB; (void)tx; (void)ty;
}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTiled<<<grid, block>>>(A, B, C, n);
}
