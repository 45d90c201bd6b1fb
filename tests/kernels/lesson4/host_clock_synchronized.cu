// Unusual but correct (the contract allows it): a host clock
// (std::chrono::steady_clock) around the timed launches, with
// cudaDeviceSynchronize() before each clock reading. Timing must pass.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#include <chrono>
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up
    cudaDeviceSynchronize();

    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaDeviceSynchronize();
    auto t1 = std::chrono::steady_clock::now();

    double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    return static_cast<float>(ms / reps);
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;
    return flops / (ms * 1e6);
}
