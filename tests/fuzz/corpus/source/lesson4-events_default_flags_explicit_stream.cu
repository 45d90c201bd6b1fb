// Lab-manual style with an explicit stream: events made with
// cudaEventCreateWithFlags(&e, cudaEventDefault) and recorded on a stream
// from cudaStreamCreate. That is a blocking stream, so each record waits for
// the launches before it on the default stream and the launches wait for the
// start record. One warm-up launch, then reps timed launches,
// cudaEventSynchronize(stop), and the mean per launch. Correct.
// On the H200, GPU alone (nvcc 13.0, 2026-12-01): compile pass, correctness
//  pass, timing pass
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    cudaStream_t stream;
    cudaStreamCreate(&stream);

    cudaEvent_t start, stop;
    cudaEventCreateWithFlags(&start, cudaEventDefault);
    cudaEventCreateWithFlags(&stop, cudaEventDefault);

    launch(A, B, C, n);                 // warm-up, not timed
    cudaDeviceSynchronize();

    cudaEventRecord(start, stream);
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    cudaEventRecord(stop, stream);
    cudaEventSynchronize(stop);

    float elapsed = 0.0f;
    cudaEventElapsedTime(&elapsed, start, stop);

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(stream);
    return elapsed / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * n / (ms * 1e6);
}
