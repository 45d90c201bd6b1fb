// Wrong: host-clock timing with the clock started too early. t0 is read
// before the warm-up launch, so the warm-up (the slow first launch) is timed
// with the others while the sum is still divided by reps.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#include <chrono>
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    auto t0 = std::chrono::steady_clock::now();

    launch(A, B, C, n);  // warm-up
    cudaDeviceSynchronize();

    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaDeviceSynchronize();

    auto t1 = std::chrono::steady_clock::now();
    std::chrono::duration<float, std::milli> elapsed = t1 - t0;
    return elapsed.count() / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * n / (ms * 1e6);
}
