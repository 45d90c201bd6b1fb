// Wrong: the events are created with cudaEventCreateWithFlags(&e,
// cudaEventDisableTiming), "for lower overhead", as the docs recommend for
// events used only to synchronize. Such events carry no timestamp:
// cudaEventElapsedTime returns cudaErrorInvalidResourceHandle and leaves ms
// untouched, so timeLaunchMs returns 0 / reps = 0.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaEvent_t start, stop;
    cudaEventCreateWithFlags(&start, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&stop, cudaEventDisableTiming);

    launch(A, B, C, n);
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
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
