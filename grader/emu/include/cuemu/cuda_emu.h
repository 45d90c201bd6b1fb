// The CUDA subset the lessons use, for compiling a student's .cu as C++ on
// the cpu emulator: qualifiers, built-in indices, dim3, __syncthreads, the
// runtime calls of the lessons, and kernel launches (rewritten to
// ::cuemu::launch by the grader's tokenizer). Force-included before the
// student's file.
// Non-goals: warp intrinsics, streams other than the default one, textures,
// cooperative groups; using one of them is a compile error that names it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __restrict__ __restrict

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
struct uint3 { unsigned int x, y, z; };
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
inline float2 make_float2(float x, float y) { return {x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }

enum cudaError_t {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchFailure = 719,
    cudaErrorNotSupported = 801,
};
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};
typedef struct cuemu_event* cudaEvent_t;
typedef struct cuemu_stream* cudaStream_t;

namespace cuemu {

/// The built-in variables of the CUDA thread that is running now.
struct ThreadCoords {
    uint3 tIdx;  ///< threadIdx
    uint3 bIdx;  ///< blockIdx
    dim3 bDim;   ///< blockDim
    dim3 gDim;   ///< gridDim
};
extern thread_local const ThreadCoords* current;

/// A launch's <<<grid, block, shared bytes, stream>>> configuration.
struct LaunchConfig {
    dim3 grid, block;
    size_t sharedBytes;
    cudaStream_t stream;
    LaunchConfig(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = nullptr)
        : grid(g), block(b), sharedBytes(s), stream(st) {}
};

/// Runs `body(ctx)` as every thread of the grid (in the runtime library).
void runGrid(const LaunchConfig& config, void (*body)(void*), void* ctx, const void* kernel);
/// __syncthreads(): waits until every thread of the block arrives.
void syncthreads(int line);
/// The block's slot for the __shared__ declaration `id` (bytes, alignment).
void* sharedSlot(int id, size_t bytes, size_t align, const char* name, const char* type, int line);
/// The block's dynamic (extern __shared__) memory.
void* dynamicShared(const char* name);
/// Stops the run with a message naming a CUDA feature the emulator lacks.
[[noreturn]] void unsupported(const char* feature);

/// Encodes an array type's extents as "16x17" for reports.
template <class T>
struct Extents {
    static void write(char* out) {
        if constexpr (std::rank_v<T> > 0) {
            int written = std::sprintf(out, "%zux", static_cast<size_t>(std::extent_v<T>));
            Extents<std::remove_extent_t<T>>::write(out + written);
        } else {
            *out = 0;
        }
    }
};

/// A `__shared__ T name;` declaration: one object per block.
template <class T>
T& sharedVar(int id, const char* name, int line) {
    static char shape[64] = {1};
    if (shape[0] == 1) Extents<T>::write(shape);
    return *static_cast<T*>(sharedSlot(id, sizeof(T), alignof(T), name, shape, line));
}

/// An `extern __shared__ T name[];` declaration: the launch's dynamic bytes.
template <class T>
T* dynamicSharedAs(const char* name) {
    return static_cast<T*>(dynamicShared(name));
}

/// Launches `kernel` with `args`, converted to its parameter types as a call would.
template <class... P, class... A>
void launch(void (*kernel)(P...), const LaunchConfig& config, A&&... args) {
    static_assert(sizeof...(P) == sizeof...(A), "kernel launched with the wrong number of arguments");
    struct Call {
        void (*kernel)(P...);
        std::tuple<std::decay_t<P>...> args;
    } call{kernel, std::tuple<std::decay_t<P>...>(std::forward<A>(args)...)};
    runGrid(config, [](void* p) {
        auto* c = static_cast<Call*>(p);
        std::apply(c->kernel, c->args);
    }, &call, reinterpret_cast<const void*>(kernel));
}

}  // namespace cuemu

#define threadIdx (::cuemu::current->tIdx)
#define blockIdx (::cuemu::current->bIdx)
#define blockDim (::cuemu::current->bDim)
#define gridDim (::cuemu::current->gDim)
#define __syncthreads() ::cuemu::syncthreads(__LINE__)
static constexpr int warpSize = 32;

// Math and helpers the lessons may use.
using std::fabs;
using std::fmaf;

template <class A, class B>
inline auto min(A a, B b) -> std::common_type_t<A, B> { return a < b ? a : b; }
template <class A, class B>
inline auto max(A a, B b) -> std::common_type_t<A, B> { return a < b ? b : a; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fmaf_rn(float a, float b, float c) { return std::fmaf(a, b, c); }
template <class T>
inline T __ldg(const T* p) { return *p; }

// Atomics: threads of a block never run at the same time on the emulator, so a
// plain read-modify-write is atomic; kept out of the race shadow on purpose.
#define CUEMU_ATOMIC __attribute__((no_sanitize_thread)) inline
template <class T> CUEMU_ATOMIC T atomicAdd(T* p, T v) { T old = *p; *p = old + v; return old; }
template <class T> CUEMU_ATOMIC T atomicSub(T* p, T v) { T old = *p; *p = old - v; return old; }
template <class T> CUEMU_ATOMIC T atomicExch(T* p, T v) { T old = *p; *p = v; return old; }
template <class T> CUEMU_ATOMIC T atomicMin(T* p, T v) { T old = *p; *p = v < old ? v : old; return old; }
template <class T> CUEMU_ATOMIC T atomicMax(T* p, T v) { T old = *p; *p = v > old ? v : old; return old; }
template <class T> CUEMU_ATOMIC T atomicCAS(T* p, T compare, T v) { T old = *p; if (old == compare) *p = v; return old; }

// Features outside the lessons: a clear message instead of silent wrong behaviour.
#define __syncwarp(...) ::cuemu::unsupported("__syncwarp (warp-level synchronization)")
#define __shfl_sync(...) ::cuemu::unsupported("__shfl_sync (warp shuffles)")
#define __shfl_down_sync(...) ::cuemu::unsupported("__shfl_down_sync (warp shuffles)")
#define __shfl_xor_sync(...) ::cuemu::unsupported("__shfl_xor_sync (warp shuffles)")
#define __syncthreads_count(...) ::cuemu::unsupported("__syncthreads_count")
#define __syncthreads_or(...) ::cuemu::unsupported("__syncthreads_or")
#define __syncthreads_and(...) ::cuemu::unsupported("__syncthreads_and")

// The runtime API of the lessons (emulated; see runtime_api.cpp).
cudaError_t cudaMalloc(void** ptr, size_t bytes);
template <class T>
inline cudaError_t cudaMalloc(T** ptr, size_t bytes) { return cudaMalloc(reinterpret_cast<void**>(ptr), bytes); }
cudaError_t cudaFree(void* ptr);
cudaError_t cudaMallocHost(void** ptr, size_t bytes);
template <class T>
inline cudaError_t cudaMallocHost(T** ptr, size_t bytes) { return cudaMallocHost(reinterpret_cast<void**>(ptr), bytes); }
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemset(void* dst, int value, size_t bytes);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
