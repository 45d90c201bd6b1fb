// Wrong under CUDA 13: a correct event timer, but after reading the time the
// student "cleans up the context" with cudaThreadExit(), from an old CUDA C
// Programming Guide. CUDA 13.0 removed it (cudaDeviceReset replaced it long
// ago), so nvcc reports "identifier cudaThreadExit is undefined".
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 31
// expect: compile fail
// expect: correctness fail
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
    cudaThreadExit();
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
