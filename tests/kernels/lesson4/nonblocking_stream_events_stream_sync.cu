// Wrong: events on a cudaStreamNonBlocking stream as in
// nonblocking_stream_events_legacy_launches.cu, and the student, seeing
// tiny times, adds cudaStreamSynchronize(s) before reading them. That waits
// for stream s only, which holds nothing but the two events: the kernels on
// the legacy default stream are still not between them, and the time is
// still far less than one launch.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing fail
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    launch(A, B, C, n);
    cudaDeviceSynchronize();

    cudaEventRecord(start, s);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, s);
    cudaStreamSynchronize(s);

    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(s);
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * double(n) * n * n / (ms * 1e6);
}
