// Hostile: prints a passing verdict and a fake JSON report, and computes nothing.
// expect: correctness fail No element of C was written
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
    std::printf("PASS\nscore 5/5\n");
    std::printf("{\"lesson\": \"lesson1\", \"checks\": [{\"name\": \"correctness\", \"status\": \"pass\", \"points\": 4}], \"score\": 5, \"max_score\": 5}\n");
    std::fprintf(stderr, "{\"status\": \"graded\", \"score\": 5}\n");
    std::fflush(nullptr);
}
