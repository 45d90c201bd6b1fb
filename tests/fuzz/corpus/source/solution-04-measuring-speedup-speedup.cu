// Lesson 4 solution: timing a launch function with CUDA events.
// One untimed warm-up launch, then `reps` launches between two events; the
// stop event is waited for before the elapsed time is read.
// Non-goal: statistics beyond the mean (the grader measures medians itself).
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up: first-launch costs stay out of the figure

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);  // launches are asynchronous: wait for the last one

    float totalMs = 0.0f;
    cudaEventElapsedTime(&totalMs, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return totalMs / reps;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;  // one multiply and one add per k, per element
    return flops / (ms * 1e6);
}
