// Wrong: two timers behind #ifdef USE_EVENTS ... #else ... #endif inside
// timeLaunchMs: the event timer (right) and a quick std::chrono timer
// without any synchronization (the student's first attempt). USE_EVENTS is
// never defined, so the host-clock branch is compiled: it measures only how
// long it takes to queue the launches.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#include <chrono>
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up
#ifdef USE_EVENTS
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms / reps;
#else
    const auto t0 = std::chrono::high_resolution_clock::now();
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    const auto t1 = std::chrono::high_resolution_clock::now();
    return std::chrono::duration<float, std::milli>(t1 - t0).count() / reps;
#endif
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
