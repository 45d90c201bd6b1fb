// Prints the error the CUDA runtime gives for each invalid launch shape the
// emulator validates (grader/emu/scheduler.cpp, validateLaunch), so its
// table can be checked against a real device: nvcc -o probe
// bench/cuda_launch_errors.cu && ./probe
#include <cstdio>

__global__ void empty(int* p) {
    if (p) *p = 1;
}

int main() {
    struct Shape {
        const char* what;
        dim3 grid, block;
        size_t shared;
    } shapes[] = {
        {"grid 0x1", dim3(0, 1), dim3(16, 16), 0},
        {"grid 1x0", dim3(1, 0), dim3(16, 16), 0},
        {"block 0x16", dim3(1, 1), dim3(0, 16), 0},
        {"block 64x32 (2048 threads)", dim3(1, 1), dim3(64, 32), 0},
        {"block 1x1x65", dim3(1, 1), dim3(1, 1, 65), 0},
        {"grid y 65536", dim3(1, 65536), dim3(1, 1), 0},
        {"dynamic shared 64 KB", dim3(1, 1), dim3(32, 1), 64 * 1024},
        {"dynamic shared 48 KB", dim3(1, 1), dim3(32, 1), 48 * 1024},
    };
    for (const Shape& s : shapes) {
        empty<<<s.grid, s.block, s.shared>>>(nullptr);
        const cudaError_t launch = cudaGetLastError();
        const cudaError_t sync = cudaDeviceSynchronize();
        std::printf("%-28s launch: %-32s synchronize: %s\n", s.what, cudaGetErrorName(launch), cudaGetErrorName(sync));
    }
    return 0;
}
