// Hostile: tries to write into the kit, the submissions, the results and the
// real /tmp, then computes C. The test looks for the files on the real file
// system afterwards (inside the sandbox a write may land in its private
// tmpfs, which is not an escape, so the kernel cannot judge that itself).
// expect: correctness pass
#define TILE 16
#include <cstdio>
__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n || col >= n)
        return;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}

static void launchRight(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const char* paths[] = {"@KIT_DIR@/HOSTILE_WAS_HERE", "@SUBMISSIONS@/HOSTILE_WAS_HERE", "@RESULTS@/HOSTILE_WAS_HERE"};
    for (const char* path : paths)
        if (std::FILE* f = std::fopen(path, "w")) std::fclose(f);
    if (std::FILE* f = std::fopen("/tmp/HOSTILE_WAS_HERE", "w")) std::fclose(f);  // the private /tmp: allowed, and gone after
    launchRight(A, B, C, n);
}
