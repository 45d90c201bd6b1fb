// Careful-student style: every runtime call wrapped in a CUDA_CHECK macro,
// events created with cudaEventBlockingSync (the host sleeps instead of
// spinning while it waits), a warm-up launch with its own error check, the
// timed loop between start and stop, cudaEventSynchronize(stop) and the mean.
// gflops uses std::pow. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#include <cmath>
#include <cstdio>
#include <cstdlib>
#define TILE 16

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t e = (call);                                                 \
        if (e != cudaSuccess) {                                                 \
            fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,    \
                    cudaGetErrorString(e));                                     \
            exit(1);                                                            \
        }                                                                       \
    } while (0)

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
    CUDA_CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));

    launch(A, B, C, n);  // warm-up
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());

    CUDA_CHECK(cudaEventRecord(start));
    for (int r = 0; r < reps; ++r)
        launch(A, B, C, n);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));

    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return ms / reps;
}

double gflops(int n, float ms)
{
    const double flops = 2.0 * std::pow(static_cast<double>(n), 3);
    return flops / (static_cast<double>(ms) * 1e6);
}
