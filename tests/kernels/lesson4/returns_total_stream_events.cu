// Wrong: events recorded explicitly on stream 0, a warm-up, the stop event
// synchronized, all as taught, but the function returns the elapsed time of
// all reps launches (the "ms" the API gives back) instead of the mean per
// launch.
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
    cudaStream_t stream = 0;
    cudaEvent_t start, stop;
    cudaEventCreateWithFlags(&start, cudaEventDefault);
    cudaEventCreateWithFlags(&stop, cudaEventDefault);

    launch(A, B, C, n);
    cudaStreamSynchronize(stream);

    cudaEventRecord(start, stream);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, stream);
    cudaEventSynchronize(stop);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * n / (ms * 1e6);
}
