// Wrong: a lab-report habit gone wrong. After the launch, the launch
// function records the grid shape in a LaunchStats struct through the
// global pointer g_stats, which was never pointed at anything (nullptr):
// the host process segfaults. The kernel itself is the correct naive one.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  fail (SIGSEGV)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail crashed
#define TILE 16

struct LaunchStats {
    unsigned blocks;
    unsigned threadsPerBlock;
};

LaunchStats* g_stats = nullptr;  // was meant to be &someStaticStats

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k)
            sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);

    g_stats->blocks = grid.x * grid.y;
    g_stats->threadsPerBlock = block.x * block.y;
}
