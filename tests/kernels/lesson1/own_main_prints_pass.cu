// Wrong: a correct kernel, followed by the student's own test program, a
// main() that prints PASS. The grader owns main and calls the launch
// function itself, so the file must fail to build, with that reason, on
// both backends (the emulator once let the student's main replace the
// grader's and reported "ended before the grader could call your code").
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile fail, correctness
//  fail (nvcc error)
// nvcc 13.0: refuses at line 0
// expect: compile fail the grader owns main
// expect: correctness fail not run: the file does not compile
#include <cstdio>

#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; ++k) sum += A[row * n + k] * B[k * n + col];
        C[row * n + col] = sum;
    }
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matMulNaive<<<grid, block>>>(A, B, C, n);
}

int main()
{
    printf("PASS\n");
    return 0;
}
