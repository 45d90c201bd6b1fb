// The entry points GCC and Clang emit into code built with -fsanitize=thread.
// The student's translation unit is compiled that way and linked with these
// hooks instead of the ThreadSanitizer runtime (as the Linux kernel's KCSAN
// does), so every load and store of the kernel reaches the emulator.
// Non-goal: data races between host threads; atomics are not instrumented.
#include <cstddef>
#include <cstdint>

#include "memory.h"

#define CUEMU_PC reinterpret_cast<uintptr_t>(__builtin_return_address(0))
#define CUEMU_ACCESS_HOOKS(N)                                                                         \
    void __tsan_read##N(void* p) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, false, CUEMU_PC); } \
    void __tsan_write##N(void* p) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, true, CUEMU_PC); } \
    void __tsan_unaligned_read##N(void* p) {                                                          \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, false, CUEMU_PC);                          \
    }                                                                                                 \
    void __tsan_unaligned_write##N(void* p) {                                                         \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, true, CUEMU_PC);                           \
    }                                                                                                 \
    void __tsan_volatile_read##N(void* p) {                                                           \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, false, CUEMU_PC);                          \
    }                                                                                                 \
    void __tsan_volatile_write##N(void* p) {                                                          \
        cuemu::onAccess(reinterpret_cast<uintptr_t>(p), N, true, CUEMU_PC);                           \
    }

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
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

void __tsan_read_range(void* p, size_t size) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), size, false, CUEMU_PC); }
void __tsan_write_range(void* p, size_t size) { cuemu::onAccess(reinterpret_cast<uintptr_t>(p), size, true, CUEMU_PC); }

}  // extern "C"
