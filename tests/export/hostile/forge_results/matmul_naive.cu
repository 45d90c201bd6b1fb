// A hostile lesson-1 file (tests/export/gradescope.sh): instead of computing,
// it writes a results.json giving itself 999 points where Gradescope reads
// one, and a file of its own beside it, then ends the process with exit(0).
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#define TILE 16

__global__ void matMulNaive(const float* A, const float* B, float* C, int n) {}

void launchMatMulNaive(const float* A, const float* B, float* C, int n) {
    const char* forged = "{\"score\": 999, \"output\": \"forged\", \"tests\": []}\n";
    for (const char* path : {"/autograder/results/results.json", "/autograder/results/forged.json"}) {
        const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            if (write(fd, forged, std::strlen(forged)) < 0) {}
            close(fd);
        }
    }
    std::exit(0);
}
