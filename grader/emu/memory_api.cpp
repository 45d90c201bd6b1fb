// The runtime's memory calls, emulated: device, managed, pitched and
// page-locked allocations, copies and sets (plain, 2D, 3D, in stream order),
// __device__ / __constant__ symbols, and pointer queries. Device and managed
// memory come from the guarded arena (memory.h), so a kernel's out-of-bounds
// access is still caught; host code may touch managed memory directly.
// A copy checks its direction against the pointers, as CUDA does: a
// swapped cudaMemcpyHostToDevice is "invalid argument".
// Non-goals: CUDA arrays, peer copies, real page-locking, memory pools.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "memory.h"
#include "runtime_internal.h"

namespace cuemu {

namespace {

/// One allocation made through the runtime (device, managed or page-locked host).
struct Allocation {
    size_t bytes;
    cudaMemoryType type;
};
std::map<uintptr_t, Allocation> allocations;
size_t deviceBytesInUse = 0;

/// The __device__ / __constant__ variables whose address host code asked for.
struct SymbolRange {
    uintptr_t lo, hi;
};
std::vector<SymbolRange> symbols;

constexpr size_t kReservedByDriver = size_t(520) << 20;   ///< what a fresh context already uses
constexpr size_t kPitchAlignment = 512;

/// The allocation holding `ptr`, or nullptr.
const Allocation* allocationAt(const void* ptr) {
    const auto p = reinterpret_cast<uintptr_t>(ptr);
    auto it = allocations.upper_bound(p);
    if (it == allocations.begin()) return nullptr;
    --it;
    return p < it->first + std::max<size_t>(it->second.bytes, 1) ? &it->second : nullptr;
}

bool isSymbolRange(const void* ptr, size_t bytes) {
    const auto p = reinterpret_cast<uintptr_t>(ptr);
    for (const SymbolRange& s : symbols)
        if (p >= s.lo && p + bytes <= s.hi) return true;
    return false;
}

/// Which side of a copy a range is on.
enum class Side { Host, Device, Managed, Invalid };

/// The side of `bytes` at `ptr`: Invalid when it starts in device memory but
/// runs past the end of its buffer.
Side sideOf(const void* ptr, size_t bytes) {
    if (!ptr) return Side::Invalid;
    const Allocation* a = allocationAt(ptr);
    const bool managed = a && a->type == cudaMemoryTypeManaged;
    if (isDeviceRange(ptr, bytes)) return managed ? Side::Managed : Side::Device;
    if (isDeviceRange(ptr, 1)) return Side::Invalid;
    if (isSymbolRange(ptr, bytes)) return Side::Device;
    return Side::Host;
}

bool onDevice(Side s) { return s == Side::Device || s == Side::Managed; }
bool onHost(Side s) { return s == Side::Host || s == Side::Managed; }

/// Whether a copy of `kind` may go from `src` to `dst`.
bool directionMatches(cudaMemcpyKind kind, Side dst, Side src) {
    if (dst == Side::Invalid || src == Side::Invalid) return false;
    switch (kind) {
        case cudaMemcpyHostToHost: return onHost(dst) && onHost(src);
        case cudaMemcpyHostToDevice: return onDevice(dst) && onHost(src);
        case cudaMemcpyDeviceToHost: return onHost(dst) && onDevice(src);
        case cudaMemcpyDeviceToDevice: return onDevice(dst) && onDevice(src);
        case cudaMemcpyDefault: return true;
    }
    return false;
}

/// The bytes a pitched region of `height` rows of `width` bytes spans.
size_t span(size_t pitch, size_t width, size_t height) { return height ? pitch * (height - 1) + width : 0; }

/// Validates and performs a pitched copy; `sync` waits for the device first.
cudaError_t copy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                   cudaMemcpyKind kind, bool sync) {
    if (width == 0 || height == 0) return cudaSuccess;
    if (width > dpitch || width > spitch) return recordError(cudaErrorInvalidPitchValue);
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return recordError(cudaErrorInvalidMemcpyDirection);
    if (!directionMatches(kind, sideOf(dst, span(dpitch, width, height)), sideOf(src, span(spitch, width, height))))
        return recordError(cudaErrorInvalidValue);
    if (const cudaError_t sticky = stickyError()) return sticky;
    if (sync) waitForDevice();
    for (size_t row = 0; row < height; ++row)
        std::memmove(static_cast<char*>(dst) + row * dpitch, static_cast<const char*>(src) + row * spitch, width);
    return cudaSuccess;
}

/// Validates and performs a pitched set of device memory.
cudaError_t set2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
    if (width == 0 || height == 0) return cudaSuccess;
    if (width > pitch) return recordError(cudaErrorInvalidPitchValue);
    if (!onDevice(sideOf(dst, span(pitch, width, height)))) return recordError(cudaErrorInvalidValue);
    for (size_t row = 0; row < height; ++row) std::memset(static_cast<char*>(dst) + row * pitch, value, width);
    return cudaSuccess;
}

/// Allocates from the arena and remembers the allocation.
cudaError_t arenaAlloc(void** ptr, size_t bytes, cudaMemoryType type) {
    if (!ptr) return recordError(cudaErrorInvalidValue);
    if (const cudaError_t sticky = stickyError()) return sticky;
    *ptr = deviceAlloc(bytes);
    if (!*ptr) return recordError(cudaErrorMemoryAllocation);
    allocations[reinterpret_cast<uintptr_t>(*ptr)] = {bytes, type};
    deviceBytesInUse += bytes;
    return cudaSuccess;
}

/// Frees an arena allocation made by the runtime.
cudaError_t arenaFree(void* ptr) {
    if (!ptr) return cudaSuccess;
    if (!deviceFree(ptr)) return recordError(cudaErrorInvalidValue);
    auto it = allocations.find(reinterpret_cast<uintptr_t>(ptr));
    if (it != allocations.end()) {
        deviceBytesInUse -= it->second.bytes;
        allocations.erase(it);
    }
    return cudaSuccess;
}

size_t pitchFor(size_t width) { return (std::max<size_t>(width, 1) + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment; }

}  // namespace

void releaseDeviceAllocations() {
    std::vector<void*> doomed;
    for (const auto& [address, allocation] : allocations)
        if (allocation.type != cudaMemoryTypeHost) doomed.push_back(reinterpret_cast<void*>(address));
    for (void* ptr : doomed) arenaFree(ptr);
}

bool isGlobalAddress(const void* p) { return p && (isDeviceRange(p, 1) || isSymbolRange(p, 1)); }

bool isSharedAddress(const void* p) { return reinterpret_cast<uintptr_t>(p) - sharedLo < kSharedBytes; }

void registerSymbol(const void* symbol, size_t bytes) {
    const auto lo = reinterpret_cast<uintptr_t>(symbol);
    if (!isSymbolRange(symbol, bytes)) symbols.push_back({lo, lo + bytes});
}

cudaError_t copySymbol(void* symbol, size_t symbolBytes, void* other, size_t count, size_t offset,
                       cudaMemcpyKind kind, bool toSymbol, bool async) {
    if (offset > symbolBytes || count > symbolBytes - offset) return recordError(cudaErrorInvalidValue);
    const bool hostSide = toSymbol ? kind == cudaMemcpyHostToDevice : kind == cudaMemcpyDeviceToHost;
    if (!hostSide && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return recordError(cudaErrorInvalidMemcpyDirection);
    if (count == 0) return cudaSuccess;
    const Side side = sideOf(other, count);
    if (side == Side::Invalid || (kind == cudaMemcpyDeviceToDevice && !onDevice(side)) || (hostSide && !onHost(side)))
        return recordError(cudaErrorInvalidValue);
    if (const cudaError_t sticky = stickyError()) return sticky;
    if (!async) waitForDevice();
    char* bytes = static_cast<char*>(symbol) + offset;
    std::memmove(toSymbol ? bytes : other, toSymbol ? other : bytes, count);
    return cudaSuccess;
}

}  // namespace cuemu

using cuemu::recordError;

cudaError_t cudaMalloc(void** ptr, size_t bytes) { return cuemu::arenaAlloc(ptr, bytes, cudaMemoryTypeDevice); }
cudaError_t cudaMallocAsync(void** ptr, size_t bytes, cudaStream_t) { return cudaMalloc(ptr, bytes); }

cudaError_t cudaMallocManaged(void** ptr, size_t bytes, unsigned int flags) {
    if (!ptr || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)) return recordError(cudaErrorInvalidValue);
    if (bytes == 0) {
        *ptr = nullptr;  // as CUDA answers a request for nothing
        return cudaSuccess;
    }
    return cuemu::arenaAlloc(ptr, bytes, cudaMemoryTypeManaged);
}

cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
    if (!pitch) return recordError(cudaErrorInvalidValue);
    *pitch = cuemu::pitchFor(width);
    return cudaMalloc(ptr, *pitch * height);
}

cudaError_t cudaMalloc3D(cudaPitchedPtr* pitched, cudaExtent extent) {
    if (!pitched) return recordError(cudaErrorInvalidValue);
    const size_t pitch = cuemu::pitchFor(extent.width);
    void* ptr = nullptr;
    if (const cudaError_t e = cudaMalloc(&ptr, pitch * extent.height * extent.depth)) return e;
    *pitched = make_cudaPitchedPtr(ptr, pitch, extent.width, extent.height);
    return cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
    cuemu::waitForDevice();
    return cuemu::arenaFree(ptr);
}
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t) { return cuemu::arenaFree(ptr); }

cudaError_t cudaHostAlloc(void** ptr, size_t bytes, unsigned int flags) {
    if (!ptr || flags > (cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
        return recordError(cudaErrorInvalidValue);
    *ptr = std::aligned_alloc(4096, (std::max<size_t>(bytes, 1) + 4095) / 4096 * 4096);
    if (!*ptr) return recordError(cudaErrorMemoryAllocation);
    cuemu::allocations[reinterpret_cast<uintptr_t>(*ptr)] = {bytes, cudaMemoryTypeHost};
    return cudaSuccess;
}
cudaError_t cudaMallocHost(void** ptr, size_t bytes, unsigned int flags) { return cudaHostAlloc(ptr, bytes, flags); }
cudaError_t cudaMallocHost(void** ptr, size_t bytes) { return cudaHostAlloc(ptr, bytes, cudaHostAllocDefault); }

cudaError_t cudaFreeHost(void* ptr) {
    if (!ptr) return cudaSuccess;
    auto it = cuemu::allocations.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == cuemu::allocations.end() || it->second.type != cudaMemoryTypeHost)
        return recordError(cudaErrorInvalidValue);
    cuemu::waitForDevice();
    cuemu::allocations.erase(it);
    std::free(ptr);
    return cudaSuccess;
}

cudaError_t cudaHostRegister(void* ptr, size_t bytes, unsigned int) {
    return ptr && bytes ? cudaSuccess : recordError(cudaErrorInvalidValue);
}
cudaError_t cudaHostUnregister(void* ptr) { return ptr ? cudaSuccess : recordError(cudaErrorInvalidValue); }

cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned int flags) {
    if (!device || !host || flags != 0) return recordError(cudaErrorInvalidValue);
    *device = host;
    return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
    if (!free || !total) return recordError(cudaErrorInvalidValue);
    *total = cuemu::kTotalGlobalMem;
    const size_t used = cuemu::kReservedByDriver + cuemu::deviceBytesInUse;
    *free = used < *total ? *total - used : 0;
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
    return cuemu::copy2D(dst, bytes, src, bytes, bytes, 1, kind, true);
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
    return cuemu::copy2D(dst, bytes, src, bytes, bytes, 1, kind, false);
}
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                         cudaMemcpyKind kind) {
    return cuemu::copy2D(dst, dpitch, src, spitch, width, height, kind, true);
}
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t) {
    return cuemu::copy2D(dst, dpitch, src, spitch, width, height, kind, false);
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
    if (!p) return recordError(cudaErrorInvalidValue);
    if (p->srcArray || p->dstArray) cuemu::unsupported("cudaMemcpy3D with CUDA arrays");
    const cudaExtent e = p->extent;
    for (size_t z = 0; z < e.depth; ++z) {
        const size_t srcRow = ((p->srcPos.z + z) * p->srcPtr.ysize + p->srcPos.y) * p->srcPtr.pitch + p->srcPos.x;
        const size_t dstRow = ((p->dstPos.z + z) * p->dstPtr.ysize + p->dstPos.y) * p->dstPtr.pitch + p->dstPos.x;
        if (const cudaError_t error = cuemu::copy2D(static_cast<char*>(p->dstPtr.ptr) + dstRow, p->dstPtr.pitch,
                                                    static_cast<const char*>(p->srcPtr.ptr) + srcRow, p->srcPtr.pitch,
                                                    e.width, e.height, p->kind, true))
            return error;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset(void* dst, int value, size_t bytes) { return cuemu::set2D(dst, bytes, value, bytes, 1); }
cudaError_t cudaMemsetAsync(void* dst, int value, size_t bytes, cudaStream_t) { return cudaMemset(dst, value, bytes); }
cudaError_t cudaMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
    return cuemu::set2D(dst, pitch, value, width, height);
}
cudaError_t cudaMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, cudaStream_t) {
    return cuemu::set2D(dst, pitch, value, width, height);
}

cudaError_t cudaMemset3D(cudaPitchedPtr pitched, int value, cudaExtent extent) {
    for (size_t z = 0; z < extent.depth; ++z) {
        char* slice = static_cast<char*>(pitched.ptr) + z * pitched.ysize * pitched.pitch;
        if (const cudaError_t error = cuemu::set2D(slice, pitched.pitch, value, extent.width, extent.height))
            return error;
    }
    return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t bytes, int, cudaStream_t) {
    return ptr && bytes ? cudaSuccess : recordError(cudaErrorInvalidValue);
}
cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t bytes, cudaMemLocation, unsigned int, cudaStream_t) {
    return ptr && bytes ? cudaSuccess : recordError(cudaErrorInvalidValue);
}
cudaError_t cudaMemAdvise(const void* ptr, size_t bytes, cudaMemoryAdvise, int) {
    return ptr && bytes ? cudaSuccess : recordError(cudaErrorInvalidValue);
}
cudaError_t cudaMemAdvise(const void* ptr, size_t bytes, cudaMemoryAdvise, cudaMemLocation) {
    return ptr && bytes ? cudaSuccess : recordError(cudaErrorInvalidValue);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
    if (!attributes) return recordError(cudaErrorInvalidValue);
    *attributes = cudaPointerAttributes{};
    const cuemu::Allocation* a = cuemu::allocationAt(ptr);
    void* p = const_cast<void*>(ptr);
    if (a) {
        attributes->type = a->type;
    } else if (ptr && cuemu::isSymbolRange(ptr, 1)) {
        attributes->type = cudaMemoryTypeDevice;
    } else {
        attributes->type = cudaMemoryTypeUnregistered;
        attributes->device = cudaInvalidDeviceId;
        return cudaSuccess;
    }
    attributes->device = 0;
    attributes->devicePointer = p;
    attributes->hostPointer = attributes->type == cudaMemoryTypeDevice ? nullptr : p;
    return cudaSuccess;
}
