// Wrong: timeLaunchMs never measures anything and returns 1.0f (with
// launches, so the launch count looks right).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaDeviceSynchronize();
    return 1.0f;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;
    return flops / (ms * 1e6);
}
