// Hostile: writes 200 MB to stdout; the output-size limit stops it.
// expect: correctness fail SIGXFSZ
#define TILE 16
#include <cstdio>
#include <cstring>
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
    static char line[1 << 20];
    std::memset(line, 'y', sizeof line);
    for (int i = 0; i < 200; ++i) std::fwrite(line, 1, sizeof line, stdout);
    launchRight(A, B, C, n);
}
