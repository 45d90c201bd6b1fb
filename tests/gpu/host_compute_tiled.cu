// Tampering case for the speedup check: launchMatMulTiled does the work on
// the host (copy out, multiply, copy back). Results are right; the time
// between the grader's events includes the host work, so no speedup.
#define TILE 16
#include <vector>

__global__ void matMulTiled(const float* A, const float* B, float* C, int n) {}

void launchMatMulTiled(const float* A, const float* B, float* C, int n)
{
    std::vector<float> a(size_t(n) * n), b(size_t(n) * n), c(size_t(n) * n, 0.0f);
    cudaMemcpy(a.data(), A, a.size() * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(b.data(), B, b.size() * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k)
            for (int j = 0; j < n; ++j) c[size_t(i) * n + j] += a[size_t(i) * n + k] * b[size_t(k) * n + j];
    cudaMemcpy(C, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice);
    matMulTiled<<<1, 1>>>(A, B, C, n);
}
