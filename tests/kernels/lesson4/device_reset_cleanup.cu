// Wrong: a correct event timer that ends with cudaDeviceReset() "to clean
// up", the replacement the docs name for cudaThreadExit. Resetting the
// device destroys the primary context and with it every allocation the
// caller made: the grader's A, B and C and its own events are gone when
// timeLaunchMs returns, so the next launch or copy fails. The first figure
// returned is right; what follows it is not.
// On the H200 (nvcc 13.0, 2026-12-02) the harness crashes (SIGSEGV) on the
// next round; the emulator counts the reset and fails the check by name.
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

    launch(A, B, C, n);
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaDeviceReset();
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
