// Wrong: reads the elapsed time right after recording the stop event,
// without cudaEventSynchronize(stop); the stop event has not completed yet.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail before the stop event completed
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms / reps;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;
    return flops / (ms * 1e6);
}
