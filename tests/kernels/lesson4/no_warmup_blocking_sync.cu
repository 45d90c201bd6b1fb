// Wrong: tidy code (cudaEventBlockingSync events, a CUDA_CHECK macro, the
// stop event waited for) that forgets the warm-up: the first launch, with
// its one-time costs, is inside the timed region and inflates the mean.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing pass
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#include <cstdio>
#include <cstdlib>
#define TILE 16

#define CUDA_CHECK(call)                                                 \
    do {                                                                 \
        cudaError_t e = (call);                                          \
        if (e != cudaSuccess) {                                          \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,           \
                    cudaGetErrorString(e));                              \
            exit(1);                                                     \
        }                                                                \
    } while (0)

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
    CUDA_CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));

    CUDA_CHECK(cudaEventRecord(start));
    for (int i = 0; i < reps; ++i)
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
    return 2.0 * n * n * n / (ms * 1e6);
}
