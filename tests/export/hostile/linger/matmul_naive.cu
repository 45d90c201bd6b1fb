// A hostile lesson-1 file (tests/export/gradescope.sh): it leaves a daemon
// behind (a new session, so its process group's kill misses it) that keeps
// trying, for a minute, to write a results.json giving it 999 points into
// /autograder/results, waiting for the grader to finish first; it computes
// nothing itself.
#include <fcntl.h>
#include <unistd.h>

#include <cstring>

#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n) {}

void launchMatMulNaive(const float* A, const float* B, float* C, int n) {
    if (fork() != 0) return;
    setsid();
    if (fork() != 0) _exit(0);
    const char* forged = "{\"score\": 999, \"output\": \"forged\", \"tests\": []}\n";
    for (int i = 0; i < 600; ++i) {
        const int fd = open("/autograder/results/results.json", O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            if (write(fd, forged, std::strlen(forged)) < 0) {}
            close(fd);
        }
        usleep(100000);
    }
    _exit(0);
}
