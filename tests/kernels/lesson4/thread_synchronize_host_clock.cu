// Wrong under CUDA 13: a host-clock timer (std::chrono) with a warm-up and
// a synchronize before each clock reading, the right idea, but written with
// cudaThreadSynchronize(), which CUDA 13.0 removed ("identifier
// cudaThreadSynchronize is undefined"). Compile fails.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 18
// expect: compile fail
// expect: correctness fail
// expect: timing fail
#include <chrono>
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);
    cudaThreadSynchronize();

    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaThreadSynchronize();
    auto t1 = std::chrono::steady_clock::now();

    return std::chrono::duration<float, std::milli>(t1 - t0).count() / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
