// Hostile: a double fork and setsid, leaving a daemon behind. It must be
// dead once its run ends (the sandbox is a pid namespace).
// expect: correctness pass
#define TILE 16
#include <sys/prctl.h>
#include <unistd.h>
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
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            prctl(PR_SET_NAME, "hostile-daemon");
            for (;;) sleep(1);
        }
        _exit(0);
    }
    launchRight(A, B, C, n);
}
