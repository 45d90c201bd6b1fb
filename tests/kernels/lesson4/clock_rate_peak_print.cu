// Wrong under CUDA 13: a correct event timer, but gflops also prints the
// fraction of the GPU's peak, computed from cudaDeviceProp::clockRate
// (cores x 2 x clock), as older textbooks do. CUDA 13.0 removed clockRate
// (and memoryClockRate) from cudaDeviceProp (cudaDeviceGetAttribute with
// cudaDevAttrClockRate replaces it), so nvcc reports "class cudaDeviceProp
// has no member clockRate". Compile fails.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: refuses at line 44
// expect: compile fail
// expect: correctness fail
// expect: timing fail
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
        cudaDeviceProp prop;
        cudaGetDeviceProperties(&prop, 0);
        const double peak = prop.multiProcessorCount * 128.0 * 2.0 * prop.clockRate * 1e-6;  // GFLOP/s
        printf("%s: peak about %.0f GFLOP/s, this run %.1f%% of it\n", prop.name, peak, 100.0 * rate / peak);
        printed = true;
    }
    return rate;
}
