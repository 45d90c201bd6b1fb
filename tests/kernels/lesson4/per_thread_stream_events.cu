// Events recorded on cudaStreamPerThread (the student read that the
// per-thread default stream is "the modern default"), launches on the legacy
// default stream as launch() makes them. The per-thread stream is a blocking
// stream: it synchronizes with the legacy stream, so start waits for the
// warm-up, the launches wait for start, and stop waits for the launches.
// cudaEventSynchronize(stop), the mean per launch. Correct.
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

    launch(A, B, C, n);  // warm-up

    cudaEventRecord(start, cudaStreamPerThread);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, cudaStreamPerThread);
    cudaEventSynchronize(stop);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * n / (ms * 1e6);
}
