// The CUDA 13 way to the same peak figure as clock_rate_peak_print.cu:
// cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev) and
// cudaDevAttrMultiProcessorCount instead of the removed cudaDeviceProp
// fields, printed once from gflops. The timer is the usual correct one.
// Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#include <cstdio>
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
    return ms / reps;
}

double gflops(int n, float ms)
{
    const double rate = 2.0 * n * n * (double)n / (ms * 1e6);
    static bool printed = false;
    if (!printed) {
        int dev = 0, khz = 0, sms = 0;
        cudaGetDevice(&dev);
        cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
        const double peak = sms * 128.0 * 2.0 * khz * 1e-6;  // GFLOP/s
        if (peak > 0)
            printf("peak about %.0f GFLOP/s, this run %.1f%% of it\n", peak, 100.0 * rate / peak);
        printed = true;
    }
    return rate;
}
