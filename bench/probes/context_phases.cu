// What a CUDA process's start is made of: the seconds from main() to the end
// of cuInit (cudaGetDeviceCount), of the primary context's creation
// (cudaFree(0)), and of a first launch with its synchronize, printed as one
// line "init ctx launch". Run many at once to see which phase is serialized.
// With the argument "context" it makes the context and exits, launching
// nothing (its launch phase is then 0): a process that only starts and ends.
// Non-goal: measuring kernels.
#include <chrono>
#include <cstdio>
#include <cstring>

__global__ void touch(int* p) { p[threadIdx.x] = threadIdx.x; }

int main(int argc, char** argv) {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    auto since = [&] { return std::chrono::duration<double>(clock::now() - start).count(); };
    int devices = 0;
    cudaGetDeviceCount(&devices);
    const double init = since();
    cudaFree(0);
    const double context = since();
    const bool contextOnly = argc > 1 && std::strcmp(argv[1], "context") == 0;
    cudaError_t status = cudaGetLastError();
    if (!contextOnly) {
        int* p = nullptr;
        cudaMalloc(&p, 256 * sizeof(int));
        touch<<<1, 256>>>(p);
        status = cudaDeviceSynchronize();
    }
    const double launch = contextOnly ? context : since();
    std::printf("%.4f %.4f %.4f %s\n", init, context - init, launch - context, status == cudaSuccess ? "ok" : cudaGetErrorString(status));
    return status == cudaSuccess ? 0 : 1;
}
