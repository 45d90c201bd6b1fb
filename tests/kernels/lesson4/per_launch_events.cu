// Unusual but correct: times each launch with its own pair of events,
// waits for each stop event and averages the reps times. Timing must pass.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    float total = 0.0f;
    for (int i = 0; i < reps; ++i) {
        cudaEventRecord(start);
        launch(A, B, C, n);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms = 0.0f;
        cudaEventElapsedTime(&ms, start, stop);
        total += ms;
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return total / reps;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;
    return flops / (ms * 1e6);
}
