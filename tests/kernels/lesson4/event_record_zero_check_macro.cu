// Careful-student style: a checkCuda() inline function wrapped in a
// CHECK(...) macro that passes __FILE__ and __LINE__, every call checked,
// both events recorded with the default stream written out as 0,
// cudaEventSynchronize(stop), the mean. gflops in double with 1e-3 for the
// milliseconds and 1e-9 for giga. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#include <cstdio>
#define TILE 16

inline cudaError_t checkCuda(cudaError_t result, const char* file, int line)
{
    if (result != cudaSuccess)
        fprintf(stderr, "CUDA Runtime Error at %s:%d: %s\n", file, line, cudaGetErrorString(result));
    return result;
}
#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaEvent_t startEvent, stopEvent;
    CHECK(cudaEventCreate(&startEvent));
    CHECK(cudaEventCreate(&stopEvent));

    launch(A, B, C, n);
    CHECK(cudaGetLastError());

    CHECK(cudaEventRecord(startEvent, 0));
    for (int i = 0; i < reps; i++)
        launch(A, B, C, n);
    CHECK(cudaEventRecord(stopEvent, 0));
    CHECK(cudaEventSynchronize(stopEvent));

    float ms;
    CHECK(cudaEventElapsedTime(&ms, startEvent, stopEvent));
    CHECK(cudaEventDestroy(startEvent));
    CHECK(cudaEventDestroy(stopEvent));
    return ms / reps;
}

double gflops(int n, float ms)
{
    const double flops = 2.0 * (double)n * (double)n * (double)n;
    return flops * 1e-9 / (ms * 1e-3);
}
