// Deprecated names that still compile under CUDA 13.0: the timer first asks
// for blocking synchronization with cudaSetDeviceFlags(cudaDeviceBlockingSync)
// (cudaDeviceBlockingSync is the deprecated spelling of
// cudaDeviceScheduleBlockingSync; the call's result is ignored, as the flags
// cannot always change once the context exists), then times as taught:
// warm-up, events on the default stream, cudaEventSynchronize(stop), the
// mean. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    (void)cudaSetDeviceFlags(cudaDeviceBlockingSync);
    (void)cudaGetLastError();   // clear a cudaErrorSetOnActiveProcess, if any

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    launch(A, B, C, n);
    cudaEventRecord(start, 0);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, 0);
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
