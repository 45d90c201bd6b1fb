// Wrong: the events are recorded on a stream created with
// cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) ("so the timer does
// not disturb the work"), while launch() puts the kernels on the legacy
// default stream. A non-blocking stream does not order with the legacy
// stream: both events complete as soon as the GPU reaches them on the empty
// stream s, before or while the kernels run. cudaEventSynchronize(stop)
// returns at once and the elapsed time covers none of the launches.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaStream_t timerStream;
    cudaStreamCreateWithFlags(&timerStream, cudaStreamNonBlocking);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    launch(A, B, C, n);   // warm-up

    cudaEventRecord(start, timerStream);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, timerStream);
    cudaEventSynchronize(stop);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(timerStream);
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * n / (ms * 1e6);
}
