// Correct: waits with cudaDeviceSynchronize() instead of
// cudaEventSynchronize(stop) (also waits for the stop event), and computes
// gflops with a long long operation count. Everything passes.
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
    cudaEventRecord(start, 0);
    for (int r = 0; r < reps; r++) launch(A, B, C, n);
    cudaEventRecord(stop, 0);
    cudaDeviceSynchronize();

    float elapsed;
    cudaEventElapsedTime(&elapsed, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return elapsed / (float)reps;
}

double gflops(int n, float ms)
{
    long long ops = 2LL * n * n * n;
    return (double)ops / ((double)ms * 1.0e6);
}
