// A 1-D launch laid over the 2-D matrix: blocks of threads along x only,
// and idx / n, idx % n give the row and column. The block size comes from
// cudaDeviceGetAttribute(cudaDevAttrMaxThreadsPerBlock), capped at 256, and
// a host lambda does the ceil-division. Correct: the grid is rounded up and
// the flat index is guarded.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n * n)
        return;
    int row = idx / n;
    int col = idx % n;

    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[idx] = sum;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    int device = 0, maxThreads = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, device);

    int threads = TILE * TILE;                 // 256 is plenty
    if (maxThreads > 0 && maxThreads < threads)
        threads = maxThreads;

    auto ceilDiv = [](int a, int b) { return (a + b - 1) / b; };
    matMulNaive<<<ceilDiv(n * n, threads), threads>>>(A, B, C, n);
}
