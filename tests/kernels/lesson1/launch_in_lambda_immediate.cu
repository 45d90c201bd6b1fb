// Modern-C++ style: the launcher computes the grid in an immediately invoked
// lambda (const dim3 grid = [&] { ... }();) and launches from inside a
// second lambda that captures everything by reference and is called once.
// The kernel reads its position through a small __device__ helper that
// returns both coordinates as an int2. Guarded; correct at every size.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
#define TILE 16

__device__ inline int2 globalPosition()
{
    return make_int2(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y);
}

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    const int2 p = globalPosition();  // x: column, y: row
    if (p.x >= n || p.y >= n)
        return;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc += A[p.y * n + k] * B[k * n + p.x];
    C[p.y * n + p.x] = acc;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    const dim3 block(TILE, TILE);
    const dim3 grid = [&] {
        const unsigned g = (n + block.x - 1) / block.x;
        return dim3(g, g);
    }();
    auto run = [&]() { matMulNaive<<<grid, block>>>(A, B, C, n); };
    run();
}
