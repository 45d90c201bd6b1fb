// The entry points GCC and Clang emit into code built with -fsanitize=thread.
// The student's translation unit is compiled that way and linked with these
// hooks instead of the ThreadSanitizer runtime (as the Linux kernel's KCSAN
// does), so every load and store of the kernel reaches the emulator.
// The aligned hooks are what the compiler calls when it knows the access is
// naturally aligned (a float4 of a __align__(16) type, say): there a
// misaligned address is a fault, as it is on a GPU.
// Non-goal: data races between host threads; atomics are not instrumented.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "cuemu/cuda_emu.h"
#include "memory.h"
#include "scheduler.h"
#ifdef __wasm__
#include "fiber_asyncify.h"
#endif

#ifndef __wasm__
#define CUEMU_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))
#else
// WebAssembly has no return address: the browser's build stores the call's access site (1 + its index in the table
// web/src/access_sites.mjs makes) just before each hook it calls from the student's file; 0 elsewhere.
extern "C" uint32_t cuemu_access_site;
uint32_t cuemu_access_site = 0;
#define CUEMU_PC uintptr_t(std::exchange(cuemu_access_site, 0u))
#endif
#define CUEMU_ACCESS_HOOKS(N)                                                                         \
    void __tsan_read##N(void* p) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, false, CUEMU_PC); } \
    void __tsan_write##N(void* p) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, true, CUEMU_PC); } \
    void __tsan_unaligned_read##N(void* p) {                                                          \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, false, CUEMU_PC, false);                   \
    }                                                                                                 \
    void __tsan_unaligned_write##N(void* p) {                                                         \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, true, CUEMU_PC, false);                    \
    }                                                                                                 \
    void __tsan_volatile_read##N(void* p) {                                                           \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, false, CUEMU_PC);                          \
    }                                                                                                 \
    void __tsan_volatile_write##N(void* p) {                                                          \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, true, CUEMU_PC);                           \
    }

namespace {

/// A copy of `size` bytes from `src` to `dst` by the student's code: a read and a write. The copy has lost its type:
/// a float4 or float2 (or double2, int4...) at an address that is not a multiple of its size stops a GPU kernel, a
/// struct of plain floats does not. In the browser's build such a copy of 8 or 16 bytes in shared or device memory,
/// where the two cannot be told apart, ends the run as not supported.
void onCopy(uintptr_t dst, uintptr_t src, size_t size, uintptr_t pc) {
#ifdef __wasm__
    using namespace cuemu;
    if ((size == 8 || size == 16) && inDeviceCode() && ((dst | src) & (size - 1)) != 0 && (isEmulated(dst) || isEmulated(src)))
        unsupported(size == 16 ? "in the browser: a 16-byte copy (a float4?) at an address that is not a multiple of 16"
                               : "in the browser: an 8-byte copy (a float2?) at an address that is not a multiple of 8",
                    0);
#endif
    cuemu::onAccess(src, size, false, pc, false);
    cuemu::onAccess(dst, size, true, pc, false);
}

}  // namespace

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
#ifdef __wasm__
/// The browser's build calls this as each of the student's functions is entered (-finstrument-function-entry-bare):
/// there is no guard page to find a CUDA thread's stack overflow (fiber_asyncify.h).
void __cyg_profile_func_enter_bare() { cuemu::wasmfiber::checkStack(); }
#endif
void __tsan_func_exit() {}
void __tsan_ignore_thread_begin() {}
void __tsan_ignore_thread_end() {}
void __tsan_vptr_read(void**) {}
void __tsan_vptr_update(void**, void*) {}

CUEMU_ACCESS_HOOKS(1)
CUEMU_ACCESS_HOOKS(2)
CUEMU_ACCESS_HOOKS(4)
CUEMU_ACCESS_HOOKS(8)
CUEMU_ACCESS_HOOKS(16)

void __tsan_read_range(void* p, size_t size) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), size, false, CUEMU_PC, false); }
void __tsan_write_range(void* p, size_t size) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), size, true, CUEMU_PC, false); }

// Copies and fills the compiler left as memcpy, memmove or memset: a read of
// the source and a write of the destination, then the operation. Clang does
// so for a struct copy (a float4's), where GCC, which builds the native
// child, loads 16 bytes.
void* __tsan_memcpy(void* dst, const void* src, size_t size) {
    onCopy(reinterpret_cast<uintptr_t>(dst), reinterpret_cast<uintptr_t>(src), size, CUEMU_PC);
    return __builtin_memcpy(dst, src, size);
}
void* __tsan_memmove(void* dst, const void* src, size_t size) {
    onCopy(reinterpret_cast<uintptr_t>(dst), reinterpret_cast<uintptr_t>(src), size, CUEMU_PC);
    return __builtin_memmove(dst, src, size);
}
void* __tsan_memset(void* dst, int value, size_t size) {
    cuemu::onAccess(reinterpret_cast<uintptr_t>(dst), size, true, CUEMU_PC, false);
    return __builtin_memset(dst, value, size);
}

}  // extern "C"

// Atomic operations in the student's translation unit (std::atomic, the
// guard of a function-local static, cuda::atomic_ref) reach these hooks:
// they do the operation, sequentially consistent, and track nothing.
#define CUEMU_ATOMIC_HOOKS(N, T)                                                                                   \
    T __tsan_atomic##N##_load(const volatile T* a, int) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); }          \
    void __tsan_atomic##N##_store(volatile T* a, T v, int) { __atomic_store_n(a, v, __ATOMIC_SEQ_CST); }          \
    T __tsan_atomic##N##_exchange(volatile T* a, T v, int) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
    T __tsan_atomic##N##_fetch_add(volatile T* a, T v, int) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
    T __tsan_atomic##N##_fetch_sub(volatile T* a, T v, int) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
    T __tsan_atomic##N##_fetch_and(volatile T* a, T v, int) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
    T __tsan_atomic##N##_fetch_or(volatile T* a, T v, int) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }   \
    T __tsan_atomic##N##_fetch_xor(volatile T* a, T v, int) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
    T __tsan_atomic##N##_fetch_nand(volatile T* a, T v, int) { return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST); } \
    int __tsan_atomic##N##_compare_exchange_strong(volatile T* a, T* c, T v, int, int) {                          \
        return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                   \
    }                                                                                                              \
    int __tsan_atomic##N##_compare_exchange_weak(volatile T* a, T* c, T v, int, int) {                            \
        return __atomic_compare_exchange_n(a, c, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                    \
    }                                                                                                              \
    T __tsan_atomic##N##_compare_exchange_val(volatile T* a, T c, T v, int, int) {                                \
        __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                         \
        return c;                                                                                                  \
    }

extern "C" {

CUEMU_ATOMIC_HOOKS(8, char)
CUEMU_ATOMIC_HOOKS(16, short)
CUEMU_ATOMIC_HOOKS(32, int)
CUEMU_ATOMIC_HOOKS(64, long long)
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

}  // extern "C"

namespace cuemu {

void checkVectorPointer(const volatile void* p, size_t alignment, int line) {
    const uintptr_t address = reinterpret_cast<uintptr_t>(p);
    if ((address & (alignment - 1)) == 0 || !inDeviceCode() || !isEmulated(address)) return;
    const std::string what = "in the browser: a pointer to a " + std::to_string(alignment) + "-byte vector (a float4?) at an address that is not a multiple of " +
                             std::to_string(alignment);
    unsupported(what.c_str(), line);
}

}  // namespace cuemu
