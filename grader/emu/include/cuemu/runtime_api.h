// The CUDA runtime API as the cpu emulator provides it: memory, copies,
// symbols, events, streams, the device's properties and attributes, kernel
// attributes and occupancy, errors and versions (runtime_api.cpp,
// memory_api.cpp, device_queries.cpp, error_names.cpp). The emulated device
// is one H200 (compute capability 9.0) whose name says it is emulated.
// Every stream runs in order on one queue timed by the virtual clock, so
// streams, events and the *Async calls keep CUDA's ordering guarantees
// without any concurrency.
// Non-goals: the driver API (cu*), graphs, textures and surfaces, CUDA
// arrays, peer access and IPC, several devices, kernel launches through
// cudaLaunchKernel; the grader names what is missing instead of giving a
// compile error (see the backend's compiler-output reading).
#pragma once

#include <cstddef>

#include "cuemu/runtime_types.h"

// Errors (error_names.cpp).
/// Returns the last error and resets it to cudaSuccess, unless it is sticky.
cudaError_t cudaGetLastError();
/// Returns the last error without resetting it.
cudaError_t cudaPeekAtLastError();
/// The enumerator's name ("cudaErrorInvalidValue").
const char* cudaGetErrorName(cudaError_t error);
/// The runtime's description ("invalid argument").
const char* cudaGetErrorString(cudaError_t error);

// Memory (memory_api.cpp). Device and managed memory come from the
// emulator's guarded arena, so kernels' out-of-bounds accesses are caught.
/// Allocates device memory.
cudaError_t cudaMalloc(void** ptr, size_t bytes);
/// Allocates device memory; the stream is ignored (one queue).
cudaError_t cudaMallocAsync(void** ptr, size_t bytes, cudaStream_t stream);
/// Allocates managed memory, which host code may also read and write.
cudaError_t cudaMallocManaged(void** ptr, size_t bytes, unsigned int flags = cudaMemAttachGlobal);
/// Allocates `height` rows of `width` bytes, each row `*pitch` bytes apart.
cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
/// Allocates a pitched 3D region (`extent.width` in bytes).
cudaError_t cudaMalloc3D(cudaPitchedPtr* pitched, cudaExtent extent);
/// Frees device or managed memory (null is allowed).
cudaError_t cudaFree(void* ptr);
/// Frees device memory; the stream is ignored.
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream);
/// Allocates page-locked host memory (plain host memory here).
cudaError_t cudaMallocHost(void** ptr, size_t bytes);
/// Allocates page-locked host memory with cudaHostAlloc* flags.
cudaError_t cudaMallocHost(void** ptr, size_t bytes, unsigned int flags);
/// Allocates page-locked host memory with cudaHostAlloc* flags.
cudaError_t cudaHostAlloc(void** ptr, size_t bytes, unsigned int flags);
/// Frees memory from cudaMallocHost or cudaHostAlloc.
cudaError_t cudaFreeHost(void* ptr);
/// Page-locks host memory: nothing to do here.
cudaError_t cudaHostRegister(void* ptr, size_t bytes, unsigned int flags);
/// Undoes cudaHostRegister: nothing to do here.
cudaError_t cudaHostUnregister(void* ptr);
/// The device address of mapped host memory: the same address (unified addressing).
cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned int flags);
/// Free and total device memory, as an H200 would report them.
cudaError_t cudaMemGetInfo(size_t* free, size_t* total);
/// Copies `bytes`; waits for the device first, as CUDA does.
cudaError_t cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind);
/// Copies `bytes` in stream order.
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind, cudaStream_t stream = 0);
/// Copies `height` rows of `width` bytes between pitched regions.
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                         cudaMemcpyKind kind);
/// cudaMemcpy2D in stream order.
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream = 0);
/// Copies a 3D region between pitched pointers (CUDA arrays are not supported).
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* params);
/// Sets `bytes` of device memory to `value`.
cudaError_t cudaMemset(void* dst, int value, size_t bytes);
/// cudaMemset in stream order.
cudaError_t cudaMemsetAsync(void* dst, int value, size_t bytes, cudaStream_t stream = 0);
/// Sets `height` rows of `width` bytes of a pitched region.
cudaError_t cudaMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);
/// cudaMemset2D in stream order.
cudaError_t cudaMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream = 0);
/// Sets a 3D region of a pitched allocation.
cudaError_t cudaMemset3D(cudaPitchedPtr pitched, int value, cudaExtent extent);
/// Prefetches managed memory (CUDA 12's signature): nothing to do here.
cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t bytes, int device, cudaStream_t stream = 0);
/// Prefetches managed memory (CUDA 13's signature): nothing to do here.
cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t bytes, cudaMemLocation location, unsigned int flags,
                                 cudaStream_t stream = 0);
/// Advises on managed memory (CUDA 12's signature): nothing to do here.
cudaError_t cudaMemAdvise(const void* ptr, size_t bytes, cudaMemoryAdvise advice, int device);
/// Advises on managed memory (CUDA 13's signature): nothing to do here.
cudaError_t cudaMemAdvise(const void* ptr, size_t bytes, cudaMemoryAdvise advice, cudaMemLocation location);
/// What kind of memory `ptr` points into.
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr);

// Events and streams (runtime_api.cpp).
/// Creates an event.
cudaError_t cudaEventCreate(cudaEvent_t* event);
/// Creates an event with cudaEvent* flags (the C++ overload).
cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags);
/// Creates an event with cudaEvent* flags.
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
/// Records the event at the current end of the queue.
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
/// cudaEventRecord with cudaEventRecord* flags.
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0, unsigned int flags = 0);
/// Waits until the event's work is done.
cudaError_t cudaEventSynchronize(cudaEvent_t event);
/// cudaSuccess once the event's work is done, else cudaErrorNotReady.
cudaError_t cudaEventQuery(cudaEvent_t event);
/// Milliseconds between two completed events created with timing.
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
/// Destroys an event.
cudaError_t cudaEventDestroy(cudaEvent_t event);
/// Creates a stream.
cudaError_t cudaStreamCreate(cudaStream_t* stream);
/// Creates a stream with cudaStreamDefault or cudaStreamNonBlocking.
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
/// Creates a stream with a priority (clamped to the device's range).
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority);
/// Destroys a stream created by cudaStreamCreate*.
cudaError_t cudaStreamDestroy(cudaStream_t stream);
/// Waits until the stream's work is done.
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
/// cudaSuccess once the stream's work is done, else cudaErrorNotReady.
cudaError_t cudaStreamQuery(cudaStream_t stream);
/// Makes later work in `stream` wait for `event` (always true on one queue).
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
/// The stream's priority.
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority);
/// The stream's flags.
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags);
/// Attaches managed memory to a stream: nothing to do here.
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* ptr, size_t length = 0,
                                     unsigned int flags = cudaMemAttachSingle);
/// Runs `callback` once the stream's earlier work is done.
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* userData,
                                  unsigned int flags);
/// Runs `fn` once the stream's earlier work is done.
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData);
/// Sets a stream attribute such as an L2 access policy window (no effect: the emulator has no caches).
cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attr, const cudaStreamAttrValue* value);
/// A stream attribute: its priority, or zeros.
cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attr, cudaStreamAttrValue* value);
/// Resets the L2 lines kept by access policy windows: nothing to do here.
cudaError_t cudaCtxResetPersistingL2Cache();
/// The priorities streams may have: 0 (least) to -5 (greatest), as on an H200.
cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);

// The device (runtime_api.cpp, device_queries.cpp).
/// Waits until all work is done; returns a sticky error of earlier work.
cudaError_t cudaDeviceSynchronize();
/// Clears errors and settings; allocations stay valid.
cudaError_t cudaDeviceReset();
/// One device.
cudaError_t cudaGetDeviceCount(int* count);
/// Whether `device` can access `peer`'s memory: never (there is one device).
cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peer);
/// An attribute of the link between two devices: there is no second device (cudaErrorInvalidDevice).
cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr attr, int srcDevice, int dstDevice);
/// Enables peer access: there is no peer (cudaErrorInvalidDevice).
cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags);
/// Disables peer access: there is no peer (cudaErrorInvalidDevice).
cudaError_t cudaDeviceDisablePeerAccess(int peer);
/// Selects device 0 (the only one).
cudaError_t cudaSetDevice(int device);
/// Device 0.
cudaError_t cudaGetDevice(int* device);
/// Stores the device flags (cudaDeviceSchedule*, cudaDeviceMapHost, ...).
cudaError_t cudaSetDeviceFlags(unsigned int flags);
/// The device flags.
cudaError_t cudaGetDeviceFlags(unsigned int* flags);
/// Device 0, whatever `prop` asks for.
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop);
/// The emulated H200's properties.
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
/// One attribute of the emulated H200.
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
/// Stores the preferred cache configuration (no effect).
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
/// The stored cache configuration.
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config);
/// Stores the shared memory bank size (no effect).
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
/// The stored shared memory bank size.
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config);
/// Sets a cudaLimit (stored; no effect on the emulator).
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
/// A cudaLimit's value.
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit);
/// 13000 (CUDA 13.0).
cudaError_t cudaDriverGetVersion(int* version);
/// 13000 (CUDA 13.0).
cudaError_t cudaRuntimeGetVersion(int* version);
/// Starts profiling: nothing to do here.
cudaError_t cudaProfilerStart();
/// Stops profiling: nothing to do here.
cudaError_t cudaProfilerStop();

namespace cuemu {

/// The body of cudaMemcpyToSymbol and cudaMemcpyFromSymbol (and their Async
/// forms): copies between `symbol`'s bytes at `offset` and `other`.
cudaError_t copySymbol(void* symbol, size_t symbolBytes, void* other, size_t count, size_t offset,
                       cudaMemcpyKind kind, bool toSymbol, bool async);
/// Makes a symbol's bytes a valid operand of cudaMemcpy and cudaMemset.
void registerSymbol(const void* symbol, size_t bytes);
/// The body of cudaFuncSetAttribute.
cudaError_t setFuncAttribute(const void* func, cudaFuncAttribute attr, int value);
/// The body of cudaFuncGetAttributes.
cudaError_t funcAttributes(cudaFuncAttributes* attr, const void* func);
/// Blocks of `blockSize` threads with `dynamicSmem` bytes that fit on one SM at once (0 if none).
int activeBlocksPerSm(int blockSize, size_t dynamicSmem);
/// The SMs of the emulated device.
int smCount();

/// The address of a symbol, as the runtime's C API takes it.
template <class T>
void* symbolAddress(const T& symbol) {
    return const_cast<void*>(static_cast<const volatile void*>(__builtin_addressof(symbol)));
}

/// The block size with the most resident threads per SM (the largest such),
/// with `smem(blockSize)` dynamic bytes per block; `limit` 0 means 1024.
template <class Smem>
cudaError_t bestBlockSize(int* minGridSize, int* blockSize, Smem smem, int limit) {
    if (!minGridSize || !blockSize || limit < 0) return cudaErrorInvalidValue;
    int best = 0, bestBlocks = 0;
    for (int size = (limit == 0 || limit > 1024) ? 1024 : limit; size > 0; size -= size % 32 ? size % 32 : 32) {
        const int blocks = activeBlocksPerSm(size, smem(size));
        if (blocks * size > bestBlocks * best) best = size, bestBlocks = blocks;
    }
    *blockSize = best;
    *minGridSize = bestBlocks * smCount();
    return cudaSuccess;
}

}  // namespace cuemu

/// Allocates device memory for T objects.
template <class T>
inline cudaError_t cudaMalloc(T** ptr, size_t bytes) { return cudaMalloc(reinterpret_cast<void**>(ptr), bytes); }
/// Allocates device memory for T objects; the stream is ignored.
template <class T>
inline cudaError_t cudaMallocAsync(T** ptr, size_t bytes, cudaStream_t stream) {
    return cudaMallocAsync(reinterpret_cast<void**>(ptr), bytes, stream);
}
/// Allocates managed memory for T objects.
template <class T>
inline cudaError_t cudaMallocManaged(T** ptr, size_t bytes, unsigned int flags = cudaMemAttachGlobal) {
    return cudaMallocManaged(reinterpret_cast<void**>(ptr), bytes, flags);
}
/// Allocates pitched device memory for T objects.
template <class T>
inline cudaError_t cudaMallocPitch(T** ptr, size_t* pitch, size_t width, size_t height) {
    return cudaMallocPitch(reinterpret_cast<void**>(ptr), pitch, width, height);
}
/// Allocates page-locked host memory for T objects.
template <class T>
inline cudaError_t cudaMallocHost(T** ptr, size_t bytes, unsigned int flags = 0) {
    return cudaMallocHost(reinterpret_cast<void**>(ptr), bytes, flags);
}
/// Allocates page-locked host memory for T objects.
template <class T>
inline cudaError_t cudaHostAlloc(T** ptr, size_t bytes, unsigned int flags) {
    return cudaHostAlloc(reinterpret_cast<void**>(ptr), bytes, flags);
}
/// The device address of mapped host memory holding T objects.
template <class T>
inline cudaError_t cudaHostGetDevicePointer(T** device, void* host, unsigned int flags) {
    return cudaHostGetDevicePointer(reinterpret_cast<void**>(device), host, flags);
}

/// Copies `count` bytes from `src` to `symbol`'s bytes at `offset`.
template <class T>
inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    return ::cuemu::copySymbol(::cuemu::symbolAddress(symbol), sizeof(T), const_cast<void*>(src), count, offset,
                               kind, true, false);
}
/// Copies `count` bytes from `symbol`'s bytes at `offset` to `dst`.
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                        cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    return ::cuemu::copySymbol(::cuemu::symbolAddress(symbol), sizeof(T), dst, count, offset, kind, false, false);
}
/// cudaMemcpyToSymbol in stream order.
template <class T>
inline cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                           cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = 0) {
    return ::cuemu::copySymbol(::cuemu::symbolAddress(symbol), sizeof(T), const_cast<void*>(src), count, offset,
                               kind, true, true);
}
/// cudaMemcpyFromSymbol in stream order.
template <class T>
inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t = 0) {
    return ::cuemu::copySymbol(::cuemu::symbolAddress(symbol), sizeof(T), dst, count, offset, kind, false, true);
}
/// The device address of a __device__ or __constant__ variable.
template <class T>
inline cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) {
    if (!devPtr) return cudaErrorInvalidValue;
    *devPtr = ::cuemu::symbolAddress(symbol);
    ::cuemu::registerSymbol(*devPtr, sizeof(T));
    return cudaSuccess;
}
/// The size of a __device__ or __constant__ variable.
template <class T>
inline cudaError_t cudaGetSymbolSize(size_t* size, const T&) {
    if (!size) return cudaErrorInvalidValue;
    *size = sizeof(T);
    return cudaSuccess;
}

/// Sets a kernel's attribute; MaxDynamicSharedMemorySize (up to 227 KB) raises the launch limit.
template <class T>
inline cudaError_t cudaFuncSetAttribute(T* func, cudaFuncAttribute attr, int value) {
    return ::cuemu::setFuncAttribute(reinterpret_cast<const void*>(func), attr, value);
}
/// A kernel's attributes (plausible figures: the emulator compiles no device code).
template <class T>
inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, T* func) {
    return ::cuemu::funcAttributes(attr, reinterpret_cast<const void*>(func));
}
/// Stores a kernel's preferred cache configuration (no effect).
template <class T>
inline cudaError_t cudaFuncSetCacheConfig(T* func, cudaFuncCache) {
    return func ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}
/// Stores a kernel's shared memory bank size (no effect).
template <class T>
inline cudaError_t cudaFuncSetSharedMemConfig(T* func, cudaSharedMemConfig) {
    return func ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

/// How many blocks of `func` fit on one SM at once.
template <class T>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T, int blockSize,
                                                                  size_t dynamicSMemSize) {
    if (!numBlocks || blockSize <= 0) return cudaErrorInvalidValue;
    *numBlocks = ::cuemu::activeBlocksPerSm(blockSize, dynamicSMemSize);
    return cudaSuccess;
}
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor with cudaOccupancy* flags.
template <class T>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T func, int blockSize,
                                                                           size_t dynamicSMemSize, unsigned int) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, func, blockSize, dynamicSMemSize);
}
/// The block size that keeps the most threads resident, and the grid that fills the device with it.
template <class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T, size_t dynamicSMemSize = 0,
                                                      int blockSizeLimit = 0) {
    return ::cuemu::bestBlockSize(minGridSize, blockSize, [=](int) { return dynamicSMemSize; }, blockSizeLimit);
}
/// cudaOccupancyMaxPotentialBlockSize with cudaOccupancy* flags.
template <class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* minGridSize, int* blockSize, T func,
                                                               size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
                                                               unsigned int = 0) {
    return cudaOccupancyMaxPotentialBlockSize(minGridSize, blockSize, func, dynamicSMemSize, blockSizeLimit);
}
/// cudaOccupancyMaxPotentialBlockSize with the dynamic shared memory a function of the block size.
template <class UnaryFunction, class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* minGridSize, int* blockSize, T,
                                                                  UnaryFunction blockSizeToDynamicSMemSize,
                                                                  int blockSizeLimit = 0) {
    return ::cuemu::bestBlockSize(minGridSize, blockSize,
                                  [&](int size) { return size_t(blockSizeToDynamicSMemSize(size)); }, blockSizeLimit);
}
/// cudaOccupancyMaxPotentialBlockSizeVariableSMem with cudaOccupancy* flags.
template <class UnaryFunction, class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int* minGridSize, int* blockSize, T func,
                                                                           UnaryFunction blockSizeToDynamicSMemSize,
                                                                           int blockSizeLimit = 0, unsigned int = 0) {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMem(minGridSize, blockSize, func, blockSizeToDynamicSMemSize,
                                                          blockSizeLimit);
}
/// The dynamic shared memory each of `numBlocks` blocks of `blockSize` threads may have on one SM.
template <class T>
inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T, int numBlocks, int blockSize) {
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0) return cudaErrorInvalidValue;
    size_t bytes = 0;
    for (size_t step = size_t(1) << 17; step >= 128; step /= 2)
        if (::cuemu::activeBlocksPerSm(blockSize, bytes + step) >= numBlocks) bytes += step;
    *dynamicSmemSize = ::cuemu::activeBlocksPerSm(blockSize, bytes) >= numBlocks ? bytes : 0;
    return cudaSuccess;
}
