// Wrong: a one-word slip, cudaEventSynchronize(start) where stop was meant.
// Waiting for the start event says nothing about the launches after it, so
// cudaEventElapsedTime is called before the stop event has completed: it
// returns cudaErrorNotReady and leaves ms at 0, and the function returns 0.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing fail (timer disagrees with the grader's events)
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    launch(A, B, C, n);  // warm-up
    cudaDeviceSynchronize();

    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(start);

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
