// A lesson 2 file whose kernel never ends, for tests/web/trainer_in_browser.py
// and kit.web.tilemap_json.time_limit: lesson 2's solution with a loop no
// thread leaves before the tile loads. The Check stops its run at the
// lesson's time limit, and the tile map is not drawn: in the page because
// that run was stopped, in `grader tilemap` and `judge tilemap` because their
// own run stops at its limit too.
// Non-goal: a right product (the kernel never gets that far).
#define TILE 16

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    __shared__ float tA[TILE][TILE];
    __shared__ float tB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    volatile int spinning = 1;  // nothing clears it: every thread spins here
    while (spinning) {
    }

    tA[ty][tx] = A[row * n + (phase * TILE + tx)];
    tB[ty][tx] = B[(phase * TILE + ty) * n + col];
    __syncthreads();

    float sum = 0.0f;
    for (int k = 0; k < TILE; ++k)
        sum += tA[ty][k] * tB[k][tx];
    C[row * n + col] = sum;
}

void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase)
{
    dim3 block(TILE, TILE);
    dim3 grid(n / TILE, n / TILE);
    matMulTilePhase<<<grid, block>>>(A, B, C, n, phase);
}
