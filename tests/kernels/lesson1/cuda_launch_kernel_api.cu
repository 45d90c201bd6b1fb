// Runtime-API launch instead of <<< >>>: the launcher packs the kernel's
// arguments into void* args[] = {&A, &B, &C, &n} and calls
// cudaLaunchKernel((const void*)matMulNaive, grid, block, args, 0, 0), as
// the Programming Guide's "execution configuration" section and some
// framework code do. The kernel is the guarded naive one. Correct. The
// emulator runs only <<< >>> launches, so the cpu backend answers `error`
// and the gpu backend grades the file by the GPU alone.
// On the H200 (nvcc 13.0, 2026-12-02): compile pass, correctness pass.
// nvcc 13.0: builds
// expect on cpu: compile error not supported by the emulator: cudaLaunchKernel at cuda_launch_kernel_api.cu:[0-9]+
// expect on cpu: correctness error not supported by the emulator
// expect on gpu: compile pass
// expect on gpu: correctness pass
#define TILE 16

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
    void* args[] = {(void*)&A, (void*)&B, (void*)&C, (void*)&n};
    cudaLaunchKernel((const void*)matMulNaive, grid, block, args, 0, 0);
}
