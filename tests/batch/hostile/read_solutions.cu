// Hostile: tries to read the solutions and a classmate's submission. It
// computes C right only when every read fails, as it must in the sandbox.
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
    const char* paths[] = {"@KIT_DIR@/solutions/01-naive-kernel/matmul_naive.cu", "../solutions/01-naive-kernel/matmul_naive.cu",
                           "../../solutions/01-naive-kernel/matmul_naive.cu", "@SUBMISSIONS@/peer/matmul_naive.cu",
                           "@KIT_DIR@/course.yaml"};
    for (const char* path : paths)
        if (std::FILE* f = std::fopen(path, "r")) {
            std::fclose(f);
            return;  // it could read it: leave C unwritten
        }
    launchRight(A, B, C, n);
}
