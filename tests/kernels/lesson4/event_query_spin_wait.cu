// Polling instead of blocking: after recording stop, the host spins on
// cudaEventQuery(stop) until it stops returning cudaErrorNotReady, which
// waits for the stop event as surely as cudaEventSynchronize. Events on the
// default stream (0), one warm-up launch before the start event, mean per
// launch. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing pass
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

    cudaEventRecord(start, 0);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, 0);

    while (cudaEventQuery(stop) == cudaErrorNotReady) {
        // spin until the GPU has reached the stop event
    }

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
