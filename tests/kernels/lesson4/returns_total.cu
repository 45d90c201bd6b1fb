// Wrong: returns the total time of all reps launches instead of the mean
// per launch.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail total
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);

    float total = 0.0f;
    cudaEventElapsedTime(&total, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return total;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;
    return flops / (ms * 1e6);
}
