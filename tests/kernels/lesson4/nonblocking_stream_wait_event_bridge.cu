// A non-blocking timer stream made to work: the events live on a
// cudaStreamNonBlocking stream, but the student orders it with the legacy
// stream explicitly. After the warm-up a marker event is recorded on the
// default stream and the timer stream waits for it (cudaStreamWaitEvent)
// before recording start; after the timed launches a second marker is
// recorded on the default stream, the timer stream waits for it, then
// records stop. So start completes when the warm-up has finished and stop
// when the last timed launch has: the mean is right.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaStream_t timer;
    cudaStreamCreateWithFlags(&timer, cudaStreamNonBlocking);
    cudaEvent_t start, stop, warmDone, workDone;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventCreateWithFlags(&warmDone, cudaEventDisableTiming);
    cudaEventCreateWithFlags(&workDone, cudaEventDisableTiming);

    launch(A, B, C, n);                       // warm-up, on the default stream
    cudaEventRecord(warmDone, 0);
    cudaStreamWaitEvent(timer, warmDone, 0);
    cudaEventRecord(start, timer);

    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(workDone, 0);
    cudaStreamWaitEvent(timer, workDone, 0);
    cudaEventRecord(stop, timer);
    cudaEventSynchronize(stop);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaEventDestroy(warmDone);
    cudaEventDestroy(workDone);
    cudaStreamDestroy(timer);
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
