// Fibers on binaryen's Asyncify (see fiber_asyncify.h). The asyncify.*
// imports are replaced by wasm-opt --asyncify with the module's own
// functions; a function calling them is not instrumented itself, which is
// why suspend() is entered anew on a rewind and stops it there.
// Non-goal: a native build.
#ifdef __wasm__
#include "fiber_asyncify.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "memory.h"
#include "scheduler.h"

#define CUEMU_ASYNCIFY(name) __attribute__((import_module("asyncify"), import_name(#name)))
extern "C" {
CUEMU_ASYNCIFY(start_unwind) void asyncify_start_unwind(void* data);
CUEMU_ASYNCIFY(stop_unwind) void asyncify_stop_unwind();
CUEMU_ASYNCIFY(start_rewind) void asyncify_start_rewind(void* data);
CUEMU_ASYNCIFY(stop_rewind) void asyncify_stop_rewind();
/// The shadow stack pointer (stack_pointer.S).
uintptr_t cuemu_stack_pointer();
/// Sets the shadow stack pointer (stack_pointer.S).
void cuemu_set_stack_pointer(uintptr_t sp);
}

namespace cuemu::wasmfiber {

namespace {

constexpr size_t kRunStackBytes = size_t(1) << 20;  // as the native build's
constexpr size_t kUnwindBytes = 16 * 1024;          // the wasm locals of a suspended thread's frames

/// Asyncify's buffer header: where the next frame goes, and the end.
struct UnwindData {
    char* current;
    char* end;
};

/// One thread's saved state: its unwound wasm frames and its shadow-stack frames.
struct Saved {
    std::unique_ptr<char[]> unwind{new char[sizeof(UnwindData) + kUnwindBytes]};
    std::vector<char> frames;
};

std::vector<Saved> saved;  // by the thread's index in its block; kept between launches
char* runStackTop = nullptr;
uintptr_t hostStackPointer = 0;  ///< while a thread runs: the stack pointer of run()'s caller, below which is free
bool threadRunning = false;
bool rewinding = false;
bool unwindingNow = false;

UnwindData* dataOf(uint32_t linear) { return reinterpret_cast<UnwindData*>(saved[linear].unwind.get()); }

}  // namespace

bool unwinding() { return unwindingNow; }

void suspend(uint32_t linear) {
    if (rewinding) {  // entered again by the rewind: the thread goes on from here
        rewinding = false;
        asyncify_stop_rewind();
        return;
    }
    UnwindData* d = dataOf(linear);
    d->current = reinterpret_cast<char*>(d + 1);
    d->end = d->current + kUnwindBytes;
    unwindingNow = true;
    asyncify_start_unwind(d);
}

uintptr_t run(uint32_t linear, bool fresh, uintptr_t stackPointer, void (*body)()) {
    if (!runStackTop) {
        char* stack = static_cast<char*>(std::aligned_alloc(16, kRunStackBytes));
        if (!stack) fault(faultLineStart(FaultKind::Resources) + " message=cannot allocate the fiber stack");
        runStackTop = stack + kRunStackBytes;
    }
    if (saved.size() <= linear) saved.resize(linear + 1);
    hostStackPointer = cuemu_stack_pointer();
    if (fresh) {
        cuemu_set_stack_pointer(reinterpret_cast<uintptr_t>(runStackTop));
    } else {
        const std::vector<char>& frames = saved[linear].frames;
        std::memcpy(reinterpret_cast<char*>(stackPointer), frames.data(), frames.size());
        cuemu_set_stack_pointer(stackPointer);
        rewinding = true;
        asyncify_start_rewind(dataOf(linear));
    }
    threadRunning = true;
    body();
    threadRunning = false;
    uintptr_t kept = 0;
    if (unwindingNow) {
        asyncify_stop_unwind();
        unwindingNow = false;
        kept = cuemu_stack_pointer();
        saved[linear].frames.assign(reinterpret_cast<char*>(kept), runStackTop);
    }
    cuemu_set_stack_pointer(hostStackPointer);
    return kept;
}

void checkStack() {
    if (!threadRunning) return;
    const uintptr_t sp = cuemu_stack_pointer();
    if (reinterpret_cast<uintptr_t>(runStackTop) - sp <= kRunStackBytes) return;  // unsigned: above the top wraps too
    // The fault is written on the host's stack: what lies below the run stack is the heap.
    cuemu_set_stack_pointer((hostStackPointer - 256) & ~uintptr_t(15));
    fault(stackOverflowFaultLine());
}

}  // namespace cuemu::wasmfiber
#endif
