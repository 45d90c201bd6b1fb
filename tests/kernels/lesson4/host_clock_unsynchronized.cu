// Wrong: a host clock around asynchronous launches with no synchronization
// before the second reading: it measures only the launch overhead.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail far less than one launch
#include <chrono>
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up

    auto t0 = std::chrono::high_resolution_clock::now();
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    auto t1 = std::chrono::high_resolution_clock::now();

    return std::chrono::duration<float, std::milli>(t1 - t0).count() / reps;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;
    return flops / (ms * 1e6);
}
