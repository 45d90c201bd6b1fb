// The CUDA runtime calls of the lessons, emulated: device memory, errors,
// events on a virtual clock, and the run record's summary.
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "cuemu/cuda_emu.h"
#include "cuemu/harness_api.h"
#include "memory.h"
#include "scheduler.h"
#include "stats.h"
#include "tilemap.h"

struct cuemu_event {
    bool recorded = false;
    double timestampMs = 0;
};

namespace cuemu {

namespace {

std::FILE* record = nullptr;
cudaError_t lastError = cudaSuccess;
int elapsedNotReady = 0;  ///< cudaEventElapsedTime calls made before the end event completed

/// The virtual clock: launches are asynchronous and take known times.
struct VirtualClock {
    double hostMs = 0;
    double deviceFreeMs = 0;
    double firstCostMs = 1.0;
    double laterCostMs = 1.0;
    int launches = 0;
    static constexpr double kLaunchOverheadMs = 0.004;

    void launch() {
        const double start = std::max(hostMs, deviceFreeMs);
        deviceFreeMs = start + (launches == 0 ? firstCostMs : laterCostMs);
        hostMs += kLaunchOverheadMs;
        ++launches;
    }
    void waitForDevice() { hostMs = std::max(hostMs, deviceFreeMs); }
} virtualClock;

std::string triple(const dim3& d) {
    return std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z);
}
std::string triple(const uint3& d) {
    return std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z);
}
std::string hex(const void* p) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%lx", static_cast<unsigned long>(reinterpret_cast<uintptr_t>(p)));
    return text;
}

}  // namespace

Stats& stats() {
    static Stats s;
    return s;
}

void setLastError(cudaError_t error) { lastError = error; }
void beforeLaunch(const LaunchConfig&) { virtualClock.launch(); }

void attachRecord(std::FILE* file) { record = file; }
std::string writtenMapOf(const char* name, unsigned long elements) { return writtenMap(name, elements); }
void setVirtualLaunchCost(double firstMs, double laterMs) {
    virtualClock.firstCostMs = firstMs;
    virtualClock.laterCostMs = laterMs;
}
void resetVirtualClock() { virtualClock = VirtualClock{0, 0, virtualClock.firstCostMs, virtualClock.laterCostMs, 0}; }
int virtualLaunchCount() { return virtualClock.launches; }
double virtualHostMs() { return virtualClock.hostMs; }

void fault(const std::string& line) {
    std::FILE* out = record ? record : stderr;
    std::fprintf(out, "%s\n", line.c_str());
    std::fflush(out);
    _exit(3);
}

void unsupported(const char* feature) {
    fault(std::string("fault kind=unsupported message=") + feature +
          " is not supported by the cpu emulator; the lessons do not need it");
}

void writeSummary() {
    if (!record) return;
    const Stats& s = stats();
    int index = 0;
    for (const auto& l : s.launches) {
        std::fprintf(record, "launch index=%d kernel=%s grid=%s block=%s shmem=%zu error=%s threads=%llu barriers_min=%u barriers_max=%u shared_reads=%llu shared_writes=%llu\n",
                     index, hex(l.kernel).c_str(), triple(l.grid).c_str(), triple(l.block).c_str(), l.sharedBytes,
                     cudaGetErrorName(l.error), static_cast<unsigned long long>(l.threads),
                     l.minThreadBarriers == UINT32_MAX ? 0 : l.minThreadBarriers, l.maxThreadBarriers,
                     static_cast<unsigned long long>(l.sharedReads), static_cast<unsigned long long>(l.sharedWrites));
        for (int b = 0; b < kMaxBuffers; ++b) {
            const BufferTraffic& t = l.traffic[b];
            if (!t.readWords && !t.writeWords) continue;
            std::fprintf(record, "traffic launch=%d buffer=%s read_words=%llu write_words=%llu min_thread_reads=%u max_thread_reads=%u\n",
                         index, bufferName(b).c_str(), static_cast<unsigned long long>(t.readWords),
                         static_cast<unsigned long long>(t.writeWords),
                         t.minThreadReads == UINT32_MAX ? 0 : t.minThreadReads, t.maxThreadReads);
        }
        for (const auto& [line, arrivals] : l.barrierSites)
            std::fprintf(record, "barrier_site launch=%d line=%d arrivals=%llu\n", index, line,
                         static_cast<unsigned long long>(arrivals));
        ++index;
    }
    for (const auto& [key, h] : s.hazards)
        std::fprintf(record, "hazard kind=%s count=%llu element=%s writer=%s writer_pc=%s other=%s other_pc=%s block=%s barrier_index=%u\n",
                     h.bothWrite ? "write-write" : "read-write", static_cast<unsigned long long>(h.count),
                     h.element.c_str(), triple(h.writer).c_str(), hex(reinterpret_cast<void*>(h.writerPc)).c_str(),
                     triple(h.other).c_str(), hex(reinterpret_cast<void*>(h.otherPc)).c_str(),
                     triple(h.block).c_str(), h.barrierIndex);
    for (const auto& [key, d] : s.divergences) {
        std::string lines;
        for (int line : d.lines) lines += (lines.empty() ? "" : ",") + std::to_string(line);
        std::fprintf(record, "divergence count=%llu block=%s lines=%s split=%s\n",
                     static_cast<unsigned long long>(d.count), triple(d.block).c_str(), lines.c_str(), d.split.c_str());
    }
    for (const auto& [name, c] : s.writeConflicts)
        std::fprintf(record, "write_conflict buffer=%s count=%llu element=%s first=%s first_block=%s second=%s second_block=%s\n",
                     name.c_str(), static_cast<unsigned long long>(c.count), c.element.c_str(), triple(c.first).c_str(),
                     triple(c.firstBlock).c_str(), triple(c.second).c_str(), triple(c.secondBlock).c_str());
    writeTilemap(record);
    std::fprintf(record, "events elapsed_not_ready=%d\n", elapsedNotReady);
    std::fflush(record);
}

}  // namespace cuemu

using cuemu::virtualClock;

cudaError_t cudaMalloc(void** ptr, size_t bytes) {
    if (!ptr) return cuemu::lastError = cudaErrorInvalidValue;
    *ptr = cuemu::deviceAlloc(bytes);
    return *ptr ? cudaSuccess : (cuemu::lastError = cudaErrorMemoryAllocation);
}

cudaError_t cudaFree(void* ptr) {
    if (!ptr) return cudaSuccess;
    virtualClock.waitForDevice();
    return cuemu::deviceFree(ptr) ? cudaSuccess : (cuemu::lastError = cudaErrorInvalidDevicePointer);
}

cudaError_t cudaMallocHost(void** ptr, size_t bytes) {
    *ptr = std::malloc(bytes);
    return *ptr ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t cudaFreeHost(void* ptr) {
    std::free(ptr);
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
    const bool dstDevice = cuemu::isDeviceRange(dst, bytes), srcDevice = cuemu::isDeviceRange(src, bytes);
    const bool ok = (kind == cudaMemcpyHostToDevice && dstDevice && !srcDevice) ||
                    (kind == cudaMemcpyDeviceToHost && srcDevice && !dstDevice) ||
                    (kind == cudaMemcpyDeviceToDevice && srcDevice && dstDevice) ||
                    (kind == cudaMemcpyHostToHost && !srcDevice && !dstDevice) || kind == cudaMemcpyDefault;
    if (!ok) return cuemu::lastError = cudaErrorInvalidValue;
    virtualClock.waitForDevice();
    std::memcpy(dst, src, bytes);
    return cudaSuccess;
}

cudaError_t cudaMemset(void* dst, int value, size_t bytes) {
    if (!cuemu::isDeviceRange(dst, bytes)) return cuemu::lastError = cudaErrorInvalidValue;
    std::memset(dst, value, bytes);
    return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize() {
    virtualClock.waitForDevice();
    return cuemu::lastError;
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaDeviceSynchronize(); }
cudaError_t cudaDeviceReset() { return cudaSuccess; }
cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : cudaErrorInvalidValue; }
cudaError_t cudaGetDevice(int* device) {
    *device = 0;
    return cudaSuccess;
}
cudaError_t cudaGetDeviceCount(int* count) {
    *count = 1;
    return cudaSuccess;
}

cudaError_t cudaGetLastError() {
    cudaError_t error = cuemu::lastError;
    cuemu::lastError = cudaSuccess;
    return error;
}
cudaError_t cudaPeekAtLastError() { return cuemu::lastError; }

const char* cudaGetErrorName(cudaError_t error) {
    switch (error) {
        case cudaSuccess: return "cudaSuccess";
        case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
        case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
        case cudaErrorInitializationError: return "cudaErrorInitializationError";
        case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
        case cudaErrorInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
        case cudaErrorInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
        case cudaErrorInvalidResourceHandle: return "cudaErrorInvalidResourceHandle";
        case cudaErrorNotReady: return "cudaErrorNotReady";
        case cudaErrorIllegalAddress: return "cudaErrorIllegalAddress";
        case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
        case cudaErrorNotSupported: return "cudaErrorNotSupported";
    }
    return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t error) {
    switch (error) {
        case cudaSuccess: return "no error";
        case cudaErrorInvalidValue: return "invalid argument";
        case cudaErrorMemoryAllocation: return "out of memory";
        case cudaErrorInvalidConfiguration: return "invalid configuration argument";
        case cudaErrorInvalidDevicePointer: return "invalid device pointer";
        case cudaErrorInvalidResourceHandle: return "invalid resource handle";
        case cudaErrorNotReady: return "device not ready";
        case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
        default: return "unspecified launch failure";
    }
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
    *event = new cuemu_event();
    return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int) { return cudaEventCreate(event); }

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
    if (!event) return cudaErrorInvalidResourceHandle;
    event->recorded = true;
    event->timestampMs = std::max(virtualClock.hostMs, virtualClock.deviceFreeMs);
    return cudaSuccess;
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
    if (!event) return cudaErrorInvalidResourceHandle;
    if (virtualClock.hostMs >= event->timestampMs) return cudaSuccess;
    virtualClock.hostMs += 0.001;  // asking takes host time, so a polling loop ends as it would on a GPU
    return cudaErrorNotReady;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    if (!event) return cudaErrorInvalidResourceHandle;
    if (event->recorded) virtualClock.hostMs = std::max(virtualClock.hostMs, event->timestampMs);
    return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
    if (!ms || !start || !end) return cudaErrorInvalidResourceHandle;
    if (!start->recorded || !end->recorded) return cuemu::lastError = cudaErrorInvalidResourceHandle;
    if (virtualClock.hostMs < start->timestampMs || virtualClock.hostMs < end->timestampMs) {
        ++cuemu::elapsedNotReady;
        return cuemu::lastError = cudaErrorNotReady;
    }
    *ms = static_cast<float>(end->timestampMs - start->timestampMs);
    return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
    delete event;
    return cudaSuccess;
}

// The host clocks a student may time with (std::chrono, clock_gettime,
// gettimeofday) read the virtual host clock, so a host timer around
// asynchronous launches measures what it would on a GPU machine: the launch
// calls, not the kernels, unless the code synchronizes first.
extern "C" int clock_gettime(clockid_t, struct timespec* ts) {
    const double ms = 1.0e6 + virtualClock.hostMs;  // an arbitrary epoch, far from zero
    ts->tv_sec = static_cast<time_t>(ms / 1000);
    ts->tv_nsec = static_cast<long>((ms - static_cast<double>(ts->tv_sec) * 1000.0) * 1.0e6);
    return 0;
}

extern "C" int gettimeofday(struct timeval* tv, void*) {
    const double ms = 1.0e6 + virtualClock.hostMs;
    tv->tv_sec = static_cast<time_t>(ms / 1000);
    tv->tv_usec = static_cast<suseconds_t>((ms - static_cast<double>(tv->tv_sec) * 1000.0) * 1.0e3);
    return 0;
}
