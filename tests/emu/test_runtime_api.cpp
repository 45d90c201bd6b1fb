// The emulated CUDA runtime API and device intrinsics, driven directly
// (the exact values were checked against an H200 running the same calls):
// error codes, names and sticky errors, events with flags, streams, pitched
// and 3D copies, symbols, managed memory, pointer attributes, the device's
// properties and attributes, kernel attributes with the dynamic shared
// memory limit, occupancy, and exact values of the math, rounding, bit and
// SIMD intrinsics (this file is compiled as a student's would be, with
// cuemu/cuda_emu.h force-included, so it is also the intrinsics' compile test).
#include <doctest/doctest.h>
#include <math_constants.h>

#include <cfenv>
#include <climits>
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

#include "cuemu/harness_api.h"
#include "runtime_internal.h"

namespace {

__constant__ float table[8];
__device__ int deviceCounter;

void emptyKernel(int) {}

/// Touches the last byte of `bytes` of dynamic shared memory.
void bigSharedKernel(size_t bytes) {
    unsigned char* s = ::cuemu::dynamicSharedAs<unsigned char>("s");
    if (threadIdx.x == 0) s[bytes - 1] = 1;
}

/// Host bits of a float, for exact comparisons.
unsigned int bits(float f) {
    unsigned int u;
    std::memcpy(&u, &f, 4);
    return u;
}

/// Leaves no error behind for the next test.
void clearState() {
    cudaDeviceReset();
    (void)cudaGetLastError();
}

int hostCalls = 0;
void countCall(void* counter) { ++*static_cast<int*>(counter); }
void countCallback(cudaStream_t, cudaError_t status, void* counter) {
    if (status == cudaSuccess) ++*static_cast<int*>(counter);
}

}  // namespace

TEST_CASE("error codes have CUDA 13's values, names and texts") {
    CHECK(cudaErrorInvalidValue == 1);
    CHECK(cudaErrorInvalidConfiguration == 9);
    CHECK(cudaErrorInvalidSymbol == 13);
    CHECK(cudaErrorInvalidDeviceFunction == 98);
    CHECK(cudaErrorNoDevice == 100);
    CHECK(cudaErrorIllegalAddress == 700);
    CHECK(cudaErrorAssert == 710);
    CHECK(cudaErrorMisalignedAddress == 716);
    CHECK(cudaErrorLaunchFailure == 719);
    CHECK(cudaErrorUnknown == 999);
    CHECK(std::string(cudaGetErrorName(cudaErrorInvalidValue)) == "cudaErrorInvalidValue");
    CHECK(std::string(cudaGetErrorName(cudaErrorStreamCaptureUnsupported)) == "cudaErrorStreamCaptureUnsupported");
    CHECK(std::string(cudaGetErrorString(cudaSuccess)) == "no error");
    CHECK(std::string(cudaGetErrorString(cudaErrorInvalidValue)) == "invalid argument");
    CHECK(std::string(cudaGetErrorString(cudaErrorMemoryAllocation)) == "out of memory");
    CHECK(std::string(cudaGetErrorString(cudaErrorInvalidConfiguration)) == "invalid configuration argument");
    CHECK(std::string(cudaGetErrorString(cudaErrorIllegalAddress)) == "an illegal memory access was encountered");
    CHECK(std::string(cudaGetErrorString(cudaErrorMisalignedAddress)) == "misaligned address");
    CHECK(std::string(cudaGetErrorString(cudaErrorAssert)) == "device-side assert triggered");
    CHECK(std::string(cudaGetErrorString(cudaErrorLaunchFailure)) == "unspecified launch failure");
    CHECK(std::string(cudaGetErrorString(cudaErrorInvalidDeviceFunction)) == "invalid device function");
    CHECK(std::string(cudaGetErrorString(cudaErrorNoDevice)) == "no CUDA-capable device is detected");
    CHECK(std::string(cudaGetErrorString(cudaErrorInvalidSymbol)) == "invalid device symbol");
    CHECK(std::string(cudaGetErrorString(cudaErrorInvalidResourceHandle)) == "invalid resource handle");
    CHECK(std::string(cudaGetErrorString(cudaErrorNotReady)) == "device not ready");
    int named = 0;
    for (int code = 0; code <= 10000; ++code)
        named += std::string(cudaGetErrorName(cudaError_t(code))) != "unrecognized error code";
    CHECK(named == 134);  // every enumerator of driver_types.h
    cudaError legacyName = cudaErrorNotReady;
    CHECK(legacyName == 600);
}

TEST_CASE("the last error resets; a sticky error comes back from every call that reaches the device") {
    clearState();
    CHECK(cudaSetDevice(3) == cudaErrorInvalidDevice);
    CHECK(cudaPeekAtLastError() == cudaErrorInvalidDevice);
    CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
    CHECK(cudaGetLastError() == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);  // a failed call is not a failed kernel

    cuemu::setLastError(cudaErrorIllegalAddress);  // as a kernel's fault would
    CHECK(cudaGetLastError() == cudaErrorIllegalAddress);
    CHECK(cudaGetLastError() == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
    void* p = nullptr;
    CHECK(cudaMalloc(&p, 4) == cudaErrorIllegalAddress);
    CHECK(cudaGetLastError() == cudaErrorIllegalAddress);
    CHECK(cudaDeviceReset() == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    clearState();
}

TEST_CASE("events: timing, flags, queries and handles") {
    clearState();
    cudaEvent_t start, stop, untimed;
    REQUIRE(cudaEventCreate(&start) == cudaSuccess);
    REQUIRE(cudaEventCreate(&stop, cudaEventBlockingSync) == cudaSuccess);
    REQUIRE(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming) == cudaSuccess);
    cudaEvent_t bad;
    CHECK(cudaEventCreateWithFlags(&bad, cudaEventInterprocess) == cudaErrorInvalidValue);
    CHECK(cudaEventCreateWithFlags(&bad, 0x40) == cudaErrorInvalidValue);

    CHECK(cudaEventRecord(start) == cudaSuccess);
    CHECK(cudaEventRecordWithFlags(stop, 0, cudaEventRecordDefault) == cudaSuccess);
    CHECK(cudaEventRecord(untimed, cudaStreamPerThread) == cudaSuccess);
    CHECK(cudaEventSynchronize(stop) == cudaSuccess);
    CHECK(cudaEventQuery(stop) == cudaSuccess);
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
    CHECK(ms >= 0);
    CHECK(cudaEventElapsedTime(&ms, start, untimed) == cudaErrorInvalidResourceHandle);
    CHECK(cudaEventElapsedTime(nullptr, start, stop) == cudaErrorInvalidValue);

    CHECK(cudaEventDestroy(untimed) == cudaSuccess);
    CHECK(cudaEventDestroy(untimed) == cudaErrorInvalidResourceHandle);
    CHECK(cudaEventDestroy(start) == cudaSuccess);
    CHECK(cudaEventDestroy(stop) == cudaSuccess);
    clearState();
}

TEST_CASE("the harness sees how many events are alive: created, destroyed, or gone with a reset") {
    clearState();
    const int before = cuemu::liveEventCount();
    cudaEvent_t a, b;
    REQUIRE(cudaEventCreate(&a) == cudaSuccess);
    REQUIRE(cudaEventCreateWithFlags(&b, cudaEventDisableTiming) == cudaSuccess);
    CHECK(cuemu::liveEventCount() == before + 2);
    CHECK(cudaEventDestroy(a) == cudaSuccess);
    CHECK(cudaEventDestroy(a) == cudaErrorInvalidResourceHandle);  // a second destroy changes nothing
    CHECK(cuemu::liveEventCount() == before + 1);
    CHECK(cudaDeviceReset() == cudaSuccess);
    CHECK(cuemu::liveEventCount() == 0);
    clearState();
}

TEST_CASE("streams keep their own queues: an event measures its stream's work, as on a GPU") {
    clearState();
    ::cuemu::setVirtualLaunchCost(2.0, 2.0);
    ::cuemu::resetVirtualClock();
    cudaStream_t nonBlocking, blocking;
    REQUIRE(cudaStreamCreateWithFlags(&nonBlocking, cudaStreamNonBlocking) == cudaSuccess);
    REQUIRE(cudaStreamCreate(&blocking) == cudaSuccess);
    cudaEvent_t start, stop;
    REQUIRE(cudaEventCreate(&start) == cudaSuccess);
    REQUIRE(cudaEventCreate(&stop) == cudaSuccess);
    auto timeOn = [&](cudaStream_t events, cudaStream_t kernels) {
        cudaDeviceSynchronize();
        cudaEventRecord(start, events);
        for (int i = 0; i < 3; ++i) ::cuemu::launch(::cuemu::LaunchConfig(1, 32, 0, kernels), "emptyKernel", emptyKernel, 0);
        cudaEventRecord(stop, events);
        cudaEventSynchronize(stop);
        float ms = -1;
        REQUIRE(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
        return ms;
    };
    CHECK(timeOn(nullptr, nullptr) == doctest::Approx(6.0));          // events and kernels on the legacy stream
    CHECK(timeOn(nonBlocking, nonBlocking) == doctest::Approx(6.0));  // one stream
    CHECK(timeOn(nonBlocking, nullptr) < 0.1f);                       // a non-blocking stream waits for nothing: no kernel time
    CHECK(timeOn(nullptr, blocking) == doctest::Approx(6.0));         // the legacy stream waits for a blocking one
    CHECK(timeOn(blocking, nonBlocking) < 0.1f);

    // A stream waiting on an event; a stream synchronize waits for that stream only.
    cudaDeviceSynchronize();
    ::cuemu::launch(::cuemu::LaunchConfig(1, 32, 0, nonBlocking), "emptyKernel", emptyKernel, 0);
    cudaEventRecord(stop, nonBlocking);
    CHECK(cudaStreamQuery(blocking) == cudaSuccess);
    CHECK(cudaStreamWaitEvent(blocking, stop, 0) == cudaSuccess);
    cudaEventRecord(start, blocking);
    CHECK(cudaEventQuery(start) == cudaErrorNotReady);
    CHECK(cudaStreamSynchronize(blocking) == cudaSuccess);
    CHECK(cudaEventQuery(start) == cudaSuccess);

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(nonBlocking);
    cudaStreamDestroy(blocking);
    ::cuemu::setVirtualLaunchCost(1.0, 1.0);
    clearState();
}

TEST_CASE("streams: flags, priorities, ordering calls and host callbacks") {
    clearState();
    int least = 1, greatest = 1;
    CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest) == cudaSuccess);
    CHECK(least == 0);
    CHECK(greatest == -5);

    cudaStream_t plain, nonBlocking, urgent;
    REQUIRE(cudaStreamCreate(&plain) == cudaSuccess);
    REQUIRE(cudaStreamCreateWithFlags(&nonBlocking, cudaStreamNonBlocking) == cudaSuccess);
    REQUIRE(cudaStreamCreateWithPriority(&urgent, cudaStreamDefault, -100) == cudaSuccess);
    unsigned int flags = 7;
    CHECK(cudaStreamGetFlags(nonBlocking, &flags) == cudaSuccess);
    CHECK(flags == cudaStreamNonBlocking);
    int priority = 0;
    CHECK(cudaStreamGetPriority(urgent, &priority) == cudaSuccess);
    CHECK(priority == -5);  // clamped to the range

    cudaEvent_t done;
    REQUIRE(cudaEventCreateWithFlags(&done, cudaEventDisableTiming) == cudaSuccess);
    CHECK(cudaEventRecord(done, plain) == cudaSuccess);
    CHECK(cudaStreamWaitEvent(nonBlocking, done, 0) == cudaSuccess);
    CHECK(cudaStreamWaitEvent(nonBlocking, done) == cudaSuccess);
    CHECK(cudaStreamQuery(plain) == cudaSuccess);
    CHECK(cudaStreamSynchronize(urgent) == cudaSuccess);
    CHECK(cudaStreamSynchronize(cudaStreamLegacy) == cudaSuccess);
    CHECK(cudaStreamSynchronize(cudaStreamPerThread) == cudaSuccess);
    CHECK(cudaStreamSynchronize(0) == cudaSuccess);

    hostCalls = 0;
    CHECK(cudaLaunchHostFunc(plain, countCall, &hostCalls) == cudaSuccess);
    CHECK(cudaStreamAddCallback(plain, countCallback, &hostCalls, 0) == cudaSuccess);
    CHECK(hostCalls == 2);

    float* data = nullptr;
    REQUIRE(cudaMalloc(&data, 64 * sizeof(float)) == cudaSuccess);
    float host[64];
    for (int i = 0; i < 64; ++i) host[i] = float(i);
    CHECK(cudaMemcpyAsync(data, host, sizeof host, cudaMemcpyHostToDevice, nonBlocking) == cudaSuccess);
    CHECK(cudaMemsetAsync(data, 0, 16 * sizeof(float), nonBlocking) == cudaSuccess);
    float back[64];
    CHECK(cudaMemcpyAsync(back, data, sizeof back, cudaMemcpyDeviceToHost, nonBlocking) == cudaSuccess);
    CHECK(cudaStreamSynchronize(nonBlocking) == cudaSuccess);
    CHECK(back[15] == 0.0f);
    CHECK(back[16] == 16.0f);
    CHECK(cudaFree(data) == cudaSuccess);

    CHECK(cudaEventDestroy(done) == cudaSuccess);
    CHECK(cudaStreamDestroy(plain) == cudaSuccess);
    CHECK(cudaStreamDestroy(plain) == cudaErrorInvalidResourceHandle);
    CHECK(cudaStreamDestroy(nonBlocking) == cudaSuccess);
    CHECK(cudaStreamDestroy(urgent) == cudaSuccess);
    clearState();
}

TEST_CASE("copies check their direction and the buffers' bounds") {
    clearState();
    float* d = nullptr;
    REQUIRE(cudaMalloc(&d, 16 * sizeof(float)) == cudaSuccess);
    float h[32] = {};
    CHECK(cudaMemcpy(d, h, 16 * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
    CHECK(cudaMemcpy(d, h, 16 * sizeof(float), cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(d, h, 32 * sizeof(float), cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaMemcpy(d, h, 16 * sizeof(float), cudaMemcpyKind(7)) == cudaErrorInvalidMemcpyDirection);
    CHECK(cudaMemcpy(h, d, 16 * sizeof(float), cudaMemcpyDefault) == cudaSuccess);
    CHECK(cudaMemset(h, 0, 4) == cudaErrorInvalidValue);
    CHECK(cudaFree(d + 1) == cudaErrorInvalidValue);
    CHECK(cudaFree(d) == cudaSuccess);
    clearState();
}

TEST_CASE("pitched allocations, 2D and 3D copies and sets") {
    clearState();
    float* d = nullptr;
    size_t pitch = 0;
    const size_t width = 5 * sizeof(float), height = 3;
    REQUIRE(cudaMallocPitch(&d, &pitch, width, height) == cudaSuccess);
    CHECK(pitch >= width);
    CHECK(pitch % 512 == 0);
    float h[3][5], back[3][5];
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 5; ++c) h[r][c] = float(r * 10 + c);
    CHECK(cudaMemcpy2D(d, pitch, h, width, width, height, cudaMemcpyHostToDevice) == cudaSuccess);
    CHECK(cudaMemset2D(d, pitch, 0, sizeof(float), height) == cudaSuccess);  // column 0
    CHECK(cudaMemcpy2DAsync(back, width, d, pitch, width, height, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(back[2][0] == 0.0f);
    CHECK(back[2][4] == 24.0f);
    CHECK(back[1][1] == 11.0f);
    CHECK(cudaMemcpy2D(d, pitch, h, width, pitch + 4, height, cudaMemcpyHostToDevice) == cudaErrorInvalidPitchValue);
    CHECK(cudaMemcpy2D(d, pitch, h, width, width, height + 1, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaFree(d) == cudaSuccess);

    cudaPitchedPtr volume;
    const cudaExtent extent = make_cudaExtent(4 * sizeof(int), 2, 3);
    REQUIRE(cudaMalloc3D(&volume, extent) == cudaSuccess);
    CHECK(volume.pitch % 512 == 0);
    CHECK(cudaMemset3D(volume, 1, extent) == cudaSuccess);
    int out[3][2][4];
    cudaMemcpy3DParms p = {};
    p.srcPtr = volume;
    p.dstPtr = make_cudaPitchedPtr(out, 4 * sizeof(int), 4, 2);
    p.extent = extent;
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p) == cudaSuccess);
    CHECK(out[2][1][3] == 0x01010101);
    CHECK(cudaFree(volume.ptr) == cudaSuccess);
    clearState();
}

TEST_CASE("symbols: copies to and from __constant__ and __device__ variables") {
    clearState();
    float values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK(cudaMemcpyToSymbol(table, values, sizeof values) == cudaSuccess);
    CHECK(table[7] == 8.0f);
    CHECK(cudaMemcpyToSymbol(table, values, 2 * sizeof(float), 6 * sizeof(float)) == cudaSuccess);
    CHECK(table[6] == 1.0f);
    CHECK(cudaMemcpyToSymbol(table, values, 3 * sizeof(float), 6 * sizeof(float)) == cudaErrorInvalidValue);
    CHECK(cudaMemcpyToSymbol(table, values, 4, 0, cudaMemcpyDeviceToHost) == cudaErrorInvalidMemcpyDirection);
    float back[8] = {};
    CHECK(cudaMemcpyFromSymbol(back, table, sizeof back) == cudaSuccess);
    CHECK(back[0] == 1.0f);
    CHECK(cudaMemcpyFromSymbolAsync(back, table, sizeof(float), 7 * sizeof(float), cudaMemcpyDeviceToHost, 0) ==
          cudaSuccess);
    CHECK(back[0] == 2.0f);
    const int seven = 7;
    CHECK(cudaMemcpyToSymbolAsync(deviceCounter, &seven, sizeof seven) == cudaSuccess);
    CHECK(deviceCounter == 7);

    void* address = nullptr;
    CHECK(cudaGetSymbolAddress(&address, table) == cudaSuccess);
    CHECK(address == static_cast<void*>(table));
    size_t size = 0;
    CHECK(cudaGetSymbolSize(&size, table) == cudaSuccess);
    CHECK(size == sizeof table);
    CHECK(cudaMemcpy(address, values, sizeof values, cudaMemcpyHostToDevice) == cudaSuccess);  // a device address now
    CHECK(cudaMemset(address, 0, sizeof(float)) == cudaSuccess);
    CHECK(table[0] == 0.0f);
    CHECK(__isGlobal(address) == 1u);
    clearState();
}

TEST_CASE("managed, page-locked and host memory, and what pointers point to") {
    clearState();
    float* managed = nullptr;
    REQUIRE(cudaMallocManaged(&managed, 8 * sizeof(float)) == cudaSuccess);
    for (int i = 0; i < 8; ++i) managed[i] = float(i);  // host code touches managed memory directly
    float back[8];
    CHECK(cudaMemcpy(back, managed, sizeof back, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(cudaMemcpy(back, managed, sizeof back, cudaMemcpyHostToHost) == cudaSuccess);
    CHECK(back[7] == 7.0f);
    CHECK(cudaMemPrefetchAsync(managed, sizeof back, 0) == cudaSuccess);
    CHECK(cudaMemPrefetchAsync(managed, sizeof back, cudaMemLocation{cudaMemLocationTypeDevice, 0}, 0) == cudaSuccess);
    CHECK(cudaMemAdvise(managed, sizeof back, cudaMemAdviseSetReadMostly, 0) == cudaSuccess);
    CHECK(cudaMemAdvise(managed, sizeof back, cudaMemAdviseSetPreferredLocation,
                        cudaMemLocation{cudaMemLocationTypeDevice, 0}) == cudaSuccess);
    float* none = managed;
    CHECK(cudaMallocManaged(&none, 0) == cudaSuccess);
    CHECK(none == nullptr);

    float *device = nullptr, *pinned = nullptr, *mapped = nullptr;
    REQUIRE(cudaMalloc(&device, 64) == cudaSuccess);
    REQUIRE(cudaMallocHost(&pinned, 64) == cudaSuccess);
    REQUIRE(cudaHostAlloc(&mapped, 64, cudaHostAllocMapped) == cudaSuccess);
    float* mappedOnDevice = nullptr;
    CHECK(cudaHostGetDevicePointer(&mappedOnDevice, mapped, 0) == cudaSuccess);
    CHECK(mappedOnDevice == mapped);
    float local = 0;
    CHECK(cudaHostRegister(&local, sizeof local, cudaHostRegisterDefault) == cudaSuccess);
    CHECK(cudaHostUnregister(&local) == cudaSuccess);

    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, device + 3) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeDevice);
    CHECK(a.devicePointer == device + 3);
    CHECK(a.hostPointer == nullptr);
    CHECK(cudaPointerGetAttributes(&a, managed) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeManaged);
    CHECK(cudaPointerGetAttributes(&a, pinned) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeHost);
    CHECK(cudaPointerGetAttributes(&a, &local) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeUnregistered);
    CHECK(__isGlobal(device) == 1u);
    CHECK(__isGlobal(&local) == 0u);

    size_t freeBefore = 0, total = 0, freeAfter = 0;
    CHECK(cudaMemGetInfo(&freeBefore, &total) == cudaSuccess);
    CHECK(total > size_t(139) << 30);
    void* big = nullptr;
    REQUIRE(cudaMalloc(&big, size_t(1) << 24) == cudaSuccess);
    CHECK(cudaMemGetInfo(&freeAfter, &total) == cudaSuccess);
    CHECK(freeBefore - freeAfter == size_t(1) << 24);

    CHECK(cudaFree(big) == cudaSuccess);
    CHECK(cudaFree(device) == cudaSuccess);
    CHECK(cudaFree(managed) == cudaSuccess);
    CHECK(cudaFreeHost(pinned) == cudaSuccess);
    CHECK(cudaFreeHost(mapped) == cudaSuccess);
    CHECK(cudaFreeHost(&local) == cudaErrorInvalidValue);
    clearState();
}

TEST_CASE("the device is one emulated H200") {
    clearState();
    int count = 0, device = -1, version = 0;
    CHECK(cudaGetDeviceCount(&count) == cudaSuccess);
    CHECK(count == 1);
    CHECK(cudaSetDevice(0) == cudaSuccess);
    CHECK(cudaGetDevice(&device) == cudaSuccess);
    CHECK(device == 0);
    CHECK(cudaRuntimeGetVersion(&version) == cudaSuccess);
    CHECK(version == 13000);
    CHECK(cudaDriverGetVersion(&version) == cudaSuccess);
    CHECK(version >= 13000);

    cudaDeviceProp prop;
    REQUIRE(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
    CHECK(std::string(prop.name).find("emulated") != std::string::npos);
    CHECK(prop.major == 9);
    CHECK(prop.minor == 0);
    CHECK(prop.multiProcessorCount == 132);
    CHECK(prop.warpSize == 32);
    CHECK(prop.maxThreadsPerBlock == 1024);
    CHECK(prop.maxThreadsDim[2] == 64);
    CHECK(prop.maxGridSize[0] == 2147483647);
    CHECK(prop.maxGridSize[1] == 65535);
    CHECK(prop.sharedMemPerBlock == 48 * 1024);
    CHECK(prop.sharedMemPerBlockOptin == 227 * 1024);
    CHECK(prop.sharedMemPerMultiprocessor == 228 * 1024);
    CHECK(prop.regsPerBlock == 65536);
    CHECK(prop.maxThreadsPerMultiProcessor == 2048);
    CHECK(prop.maxBlocksPerMultiProcessor == 32);
    CHECK(prop.l2CacheSize == 60 * 1024 * 1024);
    CHECK(prop.totalGlobalMem > size_t(139) << 30);
    CHECK(prop.memoryBusWidth == 6016);
    CHECK(prop.managedMemory == 1);
    CHECK(prop.unifiedAddressing == 1);
    CHECK(cudaGetDeviceProperties(&prop, 1) == cudaErrorInvalidDevice);
    int chosen = -1;
    CHECK(cudaChooseDevice(&chosen, &prop) == cudaSuccess);
    CHECK(chosen == 0);

    int value = 0;
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess);
    CHECK(value == 132);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0) == cudaSuccess);
    CHECK(value == 232448);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess);
    CHECK(value == 9);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrMaxGridDimX, 0) == cudaSuccess);
    CHECK(value == 2147483647);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 0) == cudaSuccess);
    CHECK(value == 32);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrL2CacheSize, 0) == cudaSuccess);
    CHECK(value == prop.l2CacheSize);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrReserved92, 0) == cudaSuccess);
    CHECK(cudaDeviceGetAttribute(&value, cudaDeviceAttr(5000), 0) == cudaErrorInvalidValue);
    CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 2) == cudaErrorInvalidDevice);

    size_t limit = 0;
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, size_t(64) << 20) == cudaSuccess);
    CHECK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize) == cudaSuccess);
    CHECK(limit == size_t(64) << 20);
    CHECK(cudaDeviceGetLimit(&limit, cudaLimit(42)) == cudaErrorInvalidValue);
    CHECK(cudaDeviceGetLimit(&limit, cudaLimitDevRuntimeSyncDepth) == cudaErrorUnsupportedLimit);
    CHECK(cudaDeviceGetLimit(&limit, cudaLimitPrintfFifoSize) == cudaSuccess);
    CHECK(limit == 8650752);
    CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared) == cudaSuccess);
    CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte) == cudaSuccess);
    CHECK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost) == cudaSuccess);
    CHECK(cudaProfilerStart() == cudaSuccess);
    CHECK(cudaProfilerStop() == cudaSuccess);
    clearState();
    CHECK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize) == cudaSuccess);
    CHECK(limit == size_t(8) << 20);  // the reset restored the default
}

TEST_CASE("kernel attributes raise the dynamic shared memory limit up to 227 KB") {
    clearState();
    CHECK(cuemu::dynamicSharedLimit() == 48 * 1024);
    cudaFuncAttributes attr;
    CHECK(cudaFuncGetAttributes(&attr, emptyKernel) == cudaSuccess);
    CHECK(attr.maxThreadsPerBlock == 1024);
    CHECK(attr.maxDynamicSharedSizeBytes == 48 * 1024);
    CHECK(cudaFuncSetAttribute(emptyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024) == cudaSuccess);
    CHECK(cuemu::dynamicSharedLimit() == 100 * 1024);
    CHECK(cudaFuncSetAttribute((const void*)emptyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024) ==
          cudaSuccess);
    CHECK(cuemu::dynamicSharedLimit() == 100 * 1024);  // never lowered
    CHECK(cudaFuncSetAttribute(emptyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 228 * 1024) ==
          cudaErrorInvalidValue);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);
    CHECK(cudaFuncSetAttribute(emptyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024) == cudaSuccess);
    CHECK(cuemu::dynamicSharedLimit() == 227 * 1024);
    CHECK(cudaFuncGetAttributes(&attr, emptyKernel) == cudaSuccess);
    CHECK(attr.maxDynamicSharedSizeBytes == 227 * 1024);
    CHECK(cudaFuncSetAttribute(emptyKernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                               cudaSharedmemCarveoutMaxShared) == cudaSuccess);
    CHECK(cudaFuncSetAttribute(emptyKernel, cudaFuncAttributePreferredSharedMemoryCarveout, 101) ==
          cudaErrorInvalidValue);
    CHECK(cudaFuncSetCacheConfig(emptyKernel, cudaFuncCachePreferL1) == cudaSuccess);
    clearState();
    CHECK(cuemu::dynamicSharedLimit() == 48 * 1024);
}

TEST_CASE("a launch may use the dynamic shared memory cudaFuncSetAttribute allowed") {
    clearState();
    const size_t bytes = 200 * 1024;
    ::cuemu::launch(::cuemu::LaunchConfig(1, 32, bytes), "bigSharedKernel", bigSharedKernel, bytes);
    CHECK(cudaGetLastError() == cudaErrorInvalidValue);  // above the default 48 KB
    REQUIRE(cudaFuncSetAttribute(bigSharedKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)) ==
            cudaSuccess);
    ::cuemu::launch(::cuemu::LaunchConfig(1, 32, bytes), "bigSharedKernel", bigSharedKernel, bytes);
    CHECK(cudaGetLastError() == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    clearState();
}

TEST_CASE("occupancy as an H200 with 32 registers per thread computes it") {
    clearState();
    int minGrid = 0, block = 0, blocks = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, emptyKernel) == cudaSuccess);
    CHECK(block == 1024);
    CHECK(minGrid == 2 * 132);
    CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, emptyKernel, 150 * 1024) == cudaSuccess);
    CHECK(block == 0);  // above the kernel's 48 KB of dynamic shared memory
    CHECK(minGrid == 0);
    size_t smem = 0;
    CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&smem, emptyKernel, 2, 256) == cudaSuccess);
    CHECK(smem == 48 * 1024);
    REQUIRE(cudaFuncSetAttribute(emptyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024) == cudaSuccess);
    CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, emptyKernel, 150 * 1024) == cudaSuccess);
    CHECK(block == 1024);
    CHECK(minGrid == 132);
    CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, emptyKernel, 0, 100) == cudaSuccess);
    CHECK(block == 64);  // 32 resident blocks of 64 threads fill the SM
    CHECK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &block, emptyKernel,
                                                          [](int size) { return size * 100; }) == cudaSuccess);
    CHECK(block > 0);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, emptyKernel, 256, 0) == cudaSuccess);
    CHECK(blocks == 8);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, emptyKernel, 128, 64 * 1024) == cudaSuccess);
    CHECK(blocks == 3);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, emptyKernel, 96, 0) == cudaSuccess);
    CHECK(blocks == 21);
    CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&smem, emptyKernel, 2, 256) == cudaSuccess);
    CHECK(smem == 113 * 1024);  // two blocks of it and their 1 KB reserves fill the SM's 228 KB
    clearState();
}

TEST_CASE("rounding-mode arithmetic and conversions give the GPU's exact results") {
    const float onePlus = 1.0f + 0x1p-23f;  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46
    CHECK(bits(__fmul_rz(onePlus, onePlus)) == 0x3F800002u);
    CHECK(bits(__fmul_rn(onePlus, onePlus)) == 0x3F800002u);
    CHECK(bits(__fmul_ru(onePlus, onePlus)) == 0x3F800003u);
    CHECK(bits(__fmul_rd(-onePlus, onePlus)) == 0xBF800003u);
    CHECK(__fadd_rd(1.0f, 1e-10f) == 1.0f);
    CHECK(__fadd_ru(1.0f, 1e-10f) == std::nextafter(1.0f, 2.0f));
    CHECK(__fsub_rz(1.0f, 1e-10f) == std::nextafter(1.0f, 0.0f));
    CHECK(__fdiv_rz(1.0f, 3.0f) < __fdiv_ru(1.0f, 3.0f));
    CHECK(__fdiv_rn(1.0f, 3.0f) == 1.0f / 3.0f);
    CHECK(__frcp_rd(3.0f) == __fdiv_rd(1.0f, 3.0f));
    CHECK(__fsqrt_ru(2.0f) == std::nextafter(std::sqrt(2.0f), 2.0f));  // sqrt(2) rounds down to nearest
    CHECK(__fmaf_rz(onePlus, onePlus, -1.0f) == 0x1p-22f);  // 2^-22 + 2^-46 needs 25 bits
    CHECK(__fmaf_ru(onePlus, onePlus, -1.0f) == 0x1p-22f + 0x1p-45f);
    CHECK(__dadd_ru(1.0, 1e-30) == std::nextafter(1.0, 2.0));
    CHECK(__dmul_rn(3.0, 0.5) == 1.5);
    CHECK(__fma_rn(2.0, 3.0, 1.0) == 7.0);
    CHECK(__ddiv_rd(1.0, 3.0) < __ddiv_ru(1.0, 3.0));
    CHECK(__drcp_rn(4.0) == 0.25);
    CHECK(std::fegetround() == FE_TONEAREST);  // the mode is restored

    CHECK(__float2int_rn(2.5f) == 2);  // half to even
    CHECK(__float2int_rn(3.5f) == 4);
    CHECK(__float2int_rn(-2.5f) == -2);
    CHECK(__float2int_rz(-2.7f) == -2);
    CHECK(__float2int_ru(2.1f) == 3);
    CHECK(__float2int_rd(-2.1f) == -3);
    CHECK(__float2int_rn(NAN) == 0);  // NaN: what an H200 gives, per source and result width
    CHECK(__double2int_rz(NAN) == INT_MIN);
    CHECK(__float2ll_rz(NAN) == LLONG_MIN);
    CHECK(__float2ull_rn(NAN) == 1ull << 63);
    CHECK(__float2int_rz(1e10f) == INT_MAX);
    CHECK(__float2int_rz(-1e10f) == INT_MIN);
    CHECK(__float2uint_rn(-1.0f) == 0u);
    CHECK(__float2ll_rd(-1.5f) == -2);
    CHECK(__float2ull_rz(1e30f) == ULLONG_MAX);
    CHECK(__double2int_rn(0.5) == 0);
    CHECK(__int2float_rz(16777217) == 16777216.0f);
    CHECK(__int2float_ru(16777217) == 16777218.0f);
    CHECK(__int2float_rn(16777217) == 16777216.0f);
    CHECK(__ull2float_rd(~0ull) == 0x1p64f * (1.0f - 0x1p-24f));
    CHECK(__ll2double_rz((1ll << 53) + 1) == 0x1p53);
    CHECK(__double2float_ru(1.0 + 1e-12) == std::nextafter(1.0f, 2.0f));
    CHECK(__double2float_rn(0.1) == 0.1f);
    CHECK(__uint2double_rn(4000000000u) == 4e9);

    CHECK(__float_as_int(1.0f) == 0x3F800000);
    CHECK(__int_as_float(0x40000000) == 2.0f);
    CHECK(__float_as_uint(-0.0f) == 0x80000000u);
    CHECK(__uint_as_float(0x3F000000u) == 0.5f);
    CHECK(__double_as_longlong(1.0) == 0x3FF0000000000000ll);
    CHECK(__longlong_as_double(0x4000000000000000ll) == 2.0);
    CHECK(__double2hiint(1.0) == 0x3FF00000);
    CHECK(__double2loint(1.0) == 0);
    CHECK(__hiloint2double(0x40000000, 0) == 2.0);
}

TEST_CASE("bit, integer and SIMD intrinsics") {
    CHECK(__popc(0xF0F0u) == 8);
    CHECK(__popcll(~0ull) == 64);
    CHECK(__clz(1) == 31);
    CHECK(__clz(0) == 32);
    CHECK(__clzll(1) == 63);
    CHECK(__ffs(8) == 4);
    CHECK(__ffs(0) == 0);
    CHECK(__ffsll(1ll << 40) == 41);
    CHECK(__brev(1u) == 0x80000000u);
    CHECK(__brev(0x12345678u) == 0x1E6A2C48u);
    CHECK(__brevll(1ull) == 1ull << 63);
    CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x7531u) == 0x77553311u);
    CHECK(__byte_perm(0x33221100u, 0, 0x0123u) == 0x00112233u);
    CHECK(__funnelshift_l(0x80000000u, 1u, 1) == 3u);
    CHECK(__funnelshift_l(0u, 1u, 33) == 2u);   // shift & 31
    CHECK(__funnelshift_lc(5u, 1u, 40) == 5u);  // clamped to 32
    CHECK(__funnelshift_r(1u, 1u, 1) == 0x80000000u);
    CHECK(__funnelshift_rc(5u, 9u, 40) == 9u);
    CHECK(__fns(0xBu, 0, 2) == 1u);
    CHECK(__fns(0xBu, 3, -2) == 1u);
    CHECK(__fns(0xBu, 2, 0) == 0xFFFFFFFFu);
    CHECK(__mulhi(0x40000000, 4) == 1);
    CHECK(__umulhi(0xFFFFFFFFu, 2u) == 1u);
    CHECK(__mul64hi(-1ll, 1ll) == -1ll);
    CHECK(__umul64hi(1ull << 63, 4ull) == 2ull);
    CHECK(__mul24(0x00FFFFFF, 2) == -2);  // -1 in 24 bits
    CHECK(__umul24(0x01000003u, 2u) == 6u);
    CHECK(__sad(1, 5, 10u) == 14u);
    CHECK(__usad(7u, 2u, 1u) == 6u);
    CHECK(__hadd(INT_MAX, INT_MAX) == INT_MAX);
    CHECK(__hadd(-3, 0) == -2);
    CHECK(__rhadd(1, 2) == 2);
    CHECK(__uhadd(0xFFFFFFFFu, 1u) == 0x80000000u);
    CHECK(__urhadd(1u, 2u) == 2u);
    CHECK(__dp4a(0x01020304, 0x01010101, 10) == 20);
    CHECK(__dp4a(0xFF, 1, 0) == -1);
    CHECK(__dp4a(0xFFu, 1u, 0u) == 255u);
    CHECK(__dp4a(make_char4(1, -2, 3, -4), make_char4(1, 1, 1, 1), 0) == -2);
    CHECK(__dp2a_lo(0x00020003, 0x00000102, 1) == 1 + 3 * 2 + 2 * 1);

    CHECK(__vadd2(0x0001FFFFu, 0x00010001u) == 0x00020000u);
    CHECK(__vaddss2(0x7FFF0000u, 0x00010000u) == 0x7FFF0000u);
    CHECK(__vaddus4(0xFF010203u, 0x01010101u) == 0xFF020304u);
    CHECK(__vsubus4(0x00050000u, 0x01030000u) == 0x00020000u);
    CHECK(__vcmpeq4(0x1234aba5u, 0x1234aba6u) == 0xffffff00u);
    CHECK(__vcmpges2(0x1234aba5u, 0x1234aba6u) == 0xffff0000u);
    CHECK(__vcmpltu2(0x1234aba5u, 0x1234aba6u) == 0x0000ffffu);
    CHECK(__vseteq2(0x00010002u, 0x00010003u) == 0x00010000u);
    CHECK(__vsadu4(0x01020304u, 0x04030201u) == 8u);
    CHECK(__vsads2(0xFFFF0001u, 0x00010001u) == 2u);
    CHECK(__vavgs2(0x0000FFFDu, 0u) == 0x0000FFFEu);  // -1.5 rounds away from zero
    CHECK(__vavgu4(0x01000000u, 0x02000000u) == 0x02000000u);
    CHECK(__vhaddu4(0x03000000u, 0x02000000u) == 0x02000000u);
    CHECK(__vabs2(0x8000FFFFu) == 0x80000001u);
    CHECK(__vabsss2(0x8000FFFFu) == 0x7FFF0001u);
    CHECK(__vnegss4(0x80010000u) == 0x7FFF0000u);
    CHECK(__vmaxs4(0xFF000000u, 0x01000000u) == 0x01000000u);
    CHECK(__vminu4(0xFF000000u, 0x01000000u) == 0x01000000u);
    CHECK(__vimax3_s32(1, -5, 3) == 3);
    CHECK(__vimin3_u32(1u, 5u, 3u) == 1u);
    CHECK(__viaddmax_s32_relu(-5, 1, -7) == 0);
    CHECK(__vimax3_s16x2(0xFFFF0001u, 0x00020000u, 0u) == 0x00020001u);
    bool pred = false;
    CHECK(__vibmax_s32(3, 2, &pred) == 3);
    CHECK(pred);
}

TEST_CASE("math API and fast intrinsics") {
    CHECK(rsqrtf(4.0f) == 0.5f);
    CHECK(rsqrt(0.25) == 2.0);
    CHECK(rcbrtf(8.0f) == 0.5f);
    CHECK(sinpif(1.0f) == 0.0f);
    CHECK_FALSE(std::signbit(sinpif(1.0f)));
    CHECK(sinpif(0.5f) == 1.0f);
    CHECK(cospif(0.5f) == 0.0f);
    CHECK(cospi(1.0) == -1.0);
    float s = 0, c = 0;
    sincospif(1.5f, &s, &c);
    CHECK(s == -1.0f);
    CHECK(c == 0.0f);
    CHECK(norm3df(3.0f, 4.0f, 12.0f) == 13.0f);
    CHECK(rnorm3df(3.0f, 4.0f, 12.0f) == doctest::Approx(1.0 / 13));
    const float v[4] = {2, 4, 4, 0};
    CHECK(normf(4, v) == 6.0f);
    CHECK(norm4d(1, 1, 1, 1) == doctest::Approx(2.0));
    CHECK(rhypotf(3, 4) == 0.2f);
    CHECK(erfinvf(std::erf(0.3f)) == doctest::Approx(0.3f).epsilon(1e-6));
    CHECK(erfinv(0.0) == 0.0);
    CHECK(std::isinf(erfinv(1.0)));
    CHECK(std::isnan(erfinvf(1.5f)));
    CHECK(erfcinv(std::erfc(2.5)) == doctest::Approx(2.5).epsilon(1e-14));
    CHECK(erfcinv(std::erfc(-1.0)) == doctest::Approx(-1.0).epsilon(1e-14));
    CHECK(normcdfinvf(0.5f) == 0.0f);
    CHECK(normcdfinv(normcdf(1.25)) == doctest::Approx(1.25).epsilon(1e-14));
    const double r = 1.0 / 900;  // erfcx(30) by its asymptotic series
    CHECK(erfcx(30.0) == doctest::Approx((1 - r / 2 + 3 * r * r / 4) / (30 * std::sqrt(M_PI))).epsilon(1e-8));
    CHECK(erfcxf(1.0f) == doctest::Approx(std::exp(1.0) * std::erfc(1.0)));
    CHECK(cyl_bessel_i0f(0.0f) == 1.0f);
    CHECK(cyl_bessel_i1(-1.0) == doctest::Approx(-0.565159103992485));
    CHECK(exp10(2.0f) == 100.0f);
    CHECK(fdividef(1.0f, 4.0f) == 0.25f);
    CHECK(__fdividef(1.0f, 4.0f) == 0.25f);
    CHECK(__expf(0.0f) == 1.0f);
    CHECK(__powf(2.0f, 10.0f) == 1024.0f);
    CHECK(__frsqrt_rn(4.0f) == 0.5f);
    CHECK(__saturatef(-1.0f) == 0.0f);
    CHECK(__saturatef(2.0f) == 1.0f);
    CHECK(__saturatef(NAN) == 0.0f);
    float sn = 0, cs = 0;
    __sincosf(0.0f, &sn, &cs);
    CHECK(cs == 1.0f);

    CHECK(abs(-2.5f) == 2.5f);  // CUDA's float overload, not the C int one
    CHECK(sqrt(2.0f) == std::sqrt(2.0f));
    CHECK(std::is_same_v<decltype(min(1, 2u)), unsigned int>);
    CHECK(min(-1, 2) == -1);
    CHECK(max(NAN, 1.0f) == 1.0f);
    CHECK(min(1.0f, 2.0) == 1.0);
    CHECK(max(2, 3.5f) == 3.5f);
    CHECK(umin(3u, 2u) == 2u);
    CHECK(llmax(-1ll, 5ll) == 5ll);
    CHECK(ullmin(7ull, 9ull) == 7ull);
    CHECK(CUDART_PI_F == 3.141592654f);
    CHECK(std::isinf(CUDART_INF_F));
    CHECK(std::isnan(CUDART_NAN));
    CHECK(CUDART_SQRT_HALF_F == 0.707106781f);
}

TEST_CASE("cached loads and stores, fences and clocks") {
    float data[4] = {1, 2, 3, 4};
    const float4 quad = {1, 2, 3, 4};
    CHECK(__ldg(&data[2]) == 3.0f);
    CHECK(__ldcs(&data[3]) == 4.0f);
    CHECK(__ldg(&quad).w == 4.0f);
    __stcs(&data[0], 0);  // an int value into a float, as CUDA's overloads allow
    __stwt(&data[1], 5.5f);
    __stcg(&data[2], 6.0f);
    __stwb(&data[3], 7);
    CHECK(data[0] == 0.0f);
    CHECK(data[1] == 5.5f);
    CHECK(data[3] == 7.0f);
    __threadfence();
    __threadfence_block();
    __threadfence_system();
    __nanosleep(100);
    __prof_trigger(0);
    const long long before = clock64();
    CHECK(clock64() > before);
}
