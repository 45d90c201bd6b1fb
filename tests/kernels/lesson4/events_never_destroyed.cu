// Wrong: the solution's timer without its two cudaEventDestroy calls. The
// mean it returns is right, but every call leaves two events alive on the
// device, and a caller that times many launches (the grader, a benchmark
// loop) piles them up. The emulator sees every event created and destroyed
// and fails the timing check by name, on both backends (the gpu backend runs
// the emulator's part first; on the H200 the GPU alone passes it, 2026-12-03).
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail each call leaves 2 events it created alive.*cudaEventDestroy
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up: first-launch costs stay out of the figure

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);  // launches are asynchronous: wait for the last one

    float totalMs = 0.0f;
    cudaEventElapsedTime(&totalMs, start, stop);
    return totalMs / reps;
}

double gflops(int n, float ms)
{
    double flops = 2.0 * n * n * n;  // one multiply and one add per k, per element
    return flops / (ms * 1e6);
}
