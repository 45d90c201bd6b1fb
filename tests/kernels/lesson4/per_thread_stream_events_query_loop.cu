// Events on cudaStreamPerThread, and instead of cudaEventSynchronize a polling
// loop, while (cudaEventQuery(stop) == cudaErrorNotReady) {}, before reading
// the time: the per-thread stream orders with the legacy stream, so stop
// completes after the last launch and the loop waits for it. Warm-up first,
// the mean returned. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    launch(A, B, C, n);
    cudaEventRecord(start, cudaStreamPerThread);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, cudaStreamPerThread);
    while (cudaEventQuery(stop) == cudaErrorNotReady) {
    }

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
