// Lesson 2: loading one pair of tiles into shared memory.
// The kernel computes one phase's share of the product:
//   C[row][col] = sum over k in [phase*TILE, phase*TILE + TILE) of A[row][k] * B[k][col]
// and stores it (=, not +=). Each thread loads exactly one element of the A
// tile and one of the B tile; after that, compute from shared memory only.
// Check your work with:  ctest --test-dir build -L lesson2
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    // TODO 1: copy this thread's element of the A tile: row `row`, column
    //         `tx` of the phase's strip of columns.
    // TODO 2: copy this thread's element of the B tile: column `col`, row
    //         `ty` of the phase's strip of rows.
    // TODO 3: make sure every thread of the block has finished loading
    //         before anyone reads the tiles.

    float sum = 0.0f;
    // TODO 4: add up the TILE products of row `ty` of tA and column `tx` of tB.

    C[row * n + col] = sum;
    (void)A; (void)B; (void)phase; (void)tA; (void)tB;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
