// Host-clock style: std::chrono::high_resolution_clock read around each
// launch, with cudaDeviceSynchronize() before the second reading, and the
// per-launch durations summed by a small lambda; one synchronized warm-up
// first. Each launch is measured only once it has finished, so the mean is
// right (the per-launch synchronization adds a few microseconds).
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#include <chrono>
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    using clock = std::chrono::high_resolution_clock;

    auto timedOnce = [&]() {
        const auto t0 = clock::now();
        launch(A, B, C, n);
        cudaDeviceSynchronize();
        const auto t1 = clock::now();
        return std::chrono::duration<double, std::milli>(t1 - t0).count();
    };

    launch(A, B, C, n);   // warm-up
    cudaDeviceSynchronize();

    double totalMs = 0.0;
    for (int i = 0; i < reps; ++i)
        totalMs += timedOnce();
    return static_cast<float>(totalMs / reps);
}

double gflops(int n, float ms)
{
    const double flop = 2.0 * (double)n * (double)n * (double)n;
    const double seconds = ms / 1000.0;
    return flop / seconds / 1e9;
}
