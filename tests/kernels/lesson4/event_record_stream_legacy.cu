// Explicit about the stream: both events recorded on cudaStreamLegacy (the
// named handle of the legacy default stream, where launch() puts the
// kernels), a warm-up launch first, cudaEventSynchronize(stop), the mean
// per launch. Correct.
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

    cudaEventRecord(start, cudaStreamLegacy);
    for (int r = 0; r < reps; ++r)
        launch(A, B, C, n);
    cudaEventRecord(stop, cudaStreamLegacy);
    cudaEventSynchronize(stop);

    float total = 0.0f;
    cudaEventElapsedTime(&total, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return total / static_cast<float>(reps);
}

double gflops(int n, float ms)
{
    const double nd = n;
    return 2.0 * nd * nd * nd / (ms * 1.0e6);
}
