// MATLAB-habit macros: TIC records a start event, TOC(ms) records the stop
// event, synchronizes on it and stores the elapsed time in ms; the events
// are file-scope statics created on first use. Warm-up before TIC, reps
// launches between TIC and TOC, the mean returned. Correct.
// On the H200 (nvcc 13.0, 2026-12-02): as expected below, on both backends.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness pass
// expect: timing pass
#define TILE 16

static cudaEvent_t g_tic, g_toc;
static bool g_eventsMade = false;

#define TIC                                 \
    do {                                    \
        if (!g_eventsMade) {                \
            cudaEventCreate(&g_tic);        \
            cudaEventCreate(&g_toc);        \
            g_eventsMade = true;            \
        }                                   \
        cudaEventRecord(g_tic);             \
    } while (0)

#define TOC(ms)                                   \
    do {                                          \
        cudaEventRecord(g_toc);                   \
        cudaEventSynchronize(g_toc);              \
        cudaEventElapsedTime(&(ms), g_tic, g_toc); \
    } while (0)

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    launch(A, B, C, n);  // warm-up
    float ms = 0.0f;
    TIC;
    for (int i = 0; i < reps; ++i)
        launch(A, B, C, n);
    TOC(ms);
    return ms / reps;
}

double gflops(int n, float ms)
{
    return 2.0 * n * n * (double)n / (ms * 1e6);
}
