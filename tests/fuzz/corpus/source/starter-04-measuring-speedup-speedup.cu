// Lesson 4: measuring a kernel honestly.
// timeLaunchMs returns the mean milliseconds per launch of `launch`, measured
// with CUDA events; gflops turns a time into a rate. The grader uses your
// timer on its own naive and tiled kernels.
// Check your work with:  ctest --test-dir build -L lesson4
#define TILE 16

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);

float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps)
{
    // TODO 1: run one launch that is not timed (the warm-up).
    // TODO 2: create two events and record one before and one after `reps`
    //         launches.
    // TODO 3: launches return before the GPU finishes: wait for the stop
    //         event before reading the elapsed time.
    // TODO 4: return the mean time of one launch, not the total.
    (void)launch; (void)A; (void)B; (void)C; (void)n; (void)reps;
    return 0.0f;
}

double gflops(int n, float ms)
{
    // TODO 5: a matrix product does n * n * n multiply-adds, two operations
    //         each; mind that n * n * n overflows an int for n >= 1291.
    (void)n; (void)ms;
    return 0.0;
}
