// The CUDA a student's .cu uses, for compiling it as C++ on the cpu
// emulator: qualifiers, built-in indices, vector types, __syncthreads, warp
// intrinsics, atomics, math intrinsics, the runtime API, and kernel launches
// (rewritten to ::cuemu::launch by the grader's tokenizer). Force-included
// before the student's file.
// Non-goals: textures and surfaces, dynamic parallelism, grid-wide
// synchronization, tensor cores, half precision; the grader reports each as
// "not supported by the emulator" with its line.
#pragma once

// Only the standard headers nvcc 13 makes visible without an #include
// (<cmath>, <cstdlib>, <cstring>, <ctime>, <climits>, <algorithm>'s std::min and
// std::max): printf without <cstdio>, or uint32_t without <cstdint>, fails to
// compile here as it does under nvcc (tests/kernels/lesson1/printf_without_cstdio.cu).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <tuple>
#include <type_traits>
#include <utility>

// nvcc's host pass: __CUDACC__ is defined, __CUDA_ARCH__ is not.
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define CUDART_VERSION 13000

// The front end (grader/frontend) defines them as clang's CUDA attributes.
#ifndef CUEMU_QUALIFIERS_DEFINED
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#ifdef _LIBCPP_NOINLINE  // libc++ spells the attribute __noinline__, which is now a macro
#undef _LIBCPP_NOINLINE
#define _LIBCPP_NOINLINE __attribute__((noinline))
#endif
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __restrict__ __restrict
#define __cudart_builtin__
#define CUEMU_DEVICE_CODE_BEGIN
#define CUEMU_DEVICE_CODE_END
#endif

// What follows may be called from host and device code alike (the front end's view; nothing in the emulator's build).
CUEMU_DEVICE_CODE_BEGIN

#include "cuemu/vector_types.h"
#include "cuemu/runtime_api.h"

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

/// Runs `body(ctx)` as every thread of the grid (in the runtime library);
/// `kernel` names the kernel for reports.
void runGrid(const LaunchConfig& config, void (*body)(void*), void* ctx, const char* kernel);
/// __syncthreads(): waits until every thread of the block arrives.
void syncthreads(int line);
/// The block's slot for the __shared__ declaration `id` (bytes, alignment).
void* sharedSlot(int id, size_t bytes, size_t align, const char* name, const char* type, int line);
/// The block's dynamic (extern __shared__) memory, an array of `elementBytes` elements.
void* dynamicShared(const char* name, size_t elementBytes);
/// Stops the run with a message naming a CUDA feature the emulator lacks.
[[noreturn]] void unsupported(const char* feature, int line = __builtin_LINE());
/// The browser's build: stops a kernel that makes a pointer to a vector type (float4, double2, ...) from an address in
/// shared or device memory its alignment does not divide, as not supported there (its compiler splits the vector's
/// access into smaller ones, so the GPU's misaligned-address fault could not be seen). The browser's front end wraps
/// every cast to such a pointer, reinterpret_cast or C-style, in checkedVectorPointer, which returns `p`.
void checkVectorPointer(const volatile void* p, size_t alignment, int line);
template <class T>
T* checkedVectorPointer(T* p, int line) {
    checkVectorPointer(p, alignof(T), line);
    return p;
}

/// Encodes an array type's extents as "16x17" for reports.
template <class T>
struct Extents {
    static void write(char* out) {
        if constexpr (std::rank_v<T> > 0) {
            char digits[24];
            int count = 0;
            for (size_t v = std::extent_v<T>; count == 0 || v > 0; v /= 10) digits[count++] = char('0' + v % 10);
            while (count > 0) *out++ = digits[--count];
            *out++ = 'x';
            Extents<std::remove_extent_t<T>>::write(out);
        } else {
            *out = 0;
        }
    }
};

/// A `__shared__ T name;` declaration: one object per block (`align`: an
/// __align__ or alignas written on the declaration, else T's own).
template <class T>
T& sharedVar(int id, const char* name, int line, size_t align = alignof(T)) {
    static char shape[64] = {1};
    if (shape[0] == 1) Extents<T>::write(shape);
    return *static_cast<T*>(sharedSlot(id, sizeof(T), std::max(align, alignof(T)), name, shape, line));
}

/// An `extern __shared__ T name[];` declaration: the launch's dynamic bytes.
template <class T>
T* dynamicSharedAs(const char* name) {
    if constexpr (std::is_void_v<T>) return dynamicShared(name, 1);
    else return static_cast<T*>(dynamicShared(name, sizeof(T)));
}

/// Launches a kernel: `call(args...)` runs as every thread of the grid. The
/// arguments are evaluated and copied once, as CUDA copies a launch's
/// parameters; each thread's call converts them to the kernel's parameter
/// types (so a template kernel's arguments are deduced as nvcc deduces them).
template <class Call, class... A>
void launch(const LaunchConfig& config, const char* kernel, Call call, A&&... args) {
    struct Frame {
        Call call;
        std::tuple<std::decay_t<A>...> args;
    } frame{call, std::tuple<std::decay_t<A>...>(std::forward<A>(args)...)};
    runGrid(config, [](void* p) {
        auto* f = static_cast<Frame*>(p);
        std::apply(f->call, f->args);
    }, &frame, kernel);
}

/// `kernel<<<config>>>(args)` as the front end rewrites it, in the order it is
/// written: `launcher("kernel", call).config(config).run(args)`, so the
/// configuration is evaluated before the arguments, as CUDA does.
template <class Call>
struct Launcher {
    const char* kernel;
    Call call;
    /// The launch once its configuration is known.
    struct Configured {
        const char* kernel;
        Call call;
        LaunchConfig config;
        /// Runs the grid with the launch's arguments.
        template <class... A>
        void run(A&&... args) {
            launch(config, kernel, call, std::forward<A>(args)...);
        }
    };
    /// Takes <<<grid, block[, bytes[, stream]]>>>.
    template <class... C>
    Configured config(C&&... values) {
        return Configured{kernel, call, LaunchConfig(std::forward<C>(values)...)};
    }
};

/// Starts a launch of `call` (a lambda calling the kernel), named `kernel` in reports.
template <class Call>
Launcher<Call> launcher(const char* kernel, Call call) {
    return Launcher<Call>{kernel, call};
}

/// Launches the kernel function `kernel` directly (the harness's own kernels, tests).
template <class... P, class... A>
void launch(void (*kernel)(P...), const LaunchConfig& config, A&&... args) {
    static_assert(sizeof...(P) == sizeof...(A), "kernel launched with the wrong number of arguments");
    launch(config, "kernel", kernel, static_cast<std::decay_t<P>>(std::forward<A>(args))...);
}

}  // namespace cuemu

// The built-in variables. They are plain globals the scheduler sets for the
// running thread, not macros, so host code may name its own variables
// blockDim or gridDim as CUDA allows (the built-ins exist only in device code).
extern uint3 threadIdx;
extern uint3 blockIdx;
extern dim3 blockDim;
extern dim3 gridDim;
static constexpr int warpSize = 32;
#define __syncthreads() ::cuemu::syncthreads(__LINE__)

#include "cuemu/device_functions.h"
#include "cuemu/warp_functions.h"

CUEMU_DEVICE_CODE_END
