// Wrong (does not compile): a correct kernel whose host code prints with
// printf but never includes <cstdio>. nvcc 13.0's implicit headers declare
// no printf (nvcc says: identifier "printf" is undefined), so the file must
// fail to build on both backends alike.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile fail (nvcc error),
//  correctness fail (nvcc error)
// nvcc 13.0: refuses at line 28
// expect: compile fail printf
// expect: correctness fail not run: the file does not compile
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
    if (cudaGetLastError() != cudaSuccess) printf("launch failed\n");
}
