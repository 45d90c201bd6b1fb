// Wrong: launches nothing and prints "PASS" (and a fake score line) on
// stdout, hoping to fool a grader that reads the output. C stays NaN.
// nvcc 13.0: builds
// expect: compile pass
// expect: correctness fail No element of C was written
#include <cstdio>

#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n)
{
    (void)A; (void)B; (void)C; (void)n;
}

void launchMatMulNaive(const float* A, const float* B, float* C, int n)
{
    (void)A; (void)B; (void)C; (void)n;
    printf("PASS\n");
    printf("correctness PASS 4/4\n");
    printf("{\"status\": \"pass\"}\n");
    fflush(stdout);
}
