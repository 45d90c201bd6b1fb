// Hostile: forks 200 children that wait forever. The sandbox caps tasks, so
// most forks fail; it computes C right only then (every fork succeeding means no cap).
// All children must be gone after the batch.
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
    int started = 0;
    for (int i = 0; i < 200; ++i) {
        pid_t pid = fork();
        if (pid == 0) {
            prctl(PR_SET_NAME, "hostile-child");
            for (;;) pause();
        }
        if (pid > 0) ++started;
    }
    if (started < 200) launchRight(A, B, C, n);
}
