// CUDA threads as fibers in WebAssembly, where no stack can be switched:
// binaryen's Asyncify (wasm-opt --asyncify, run on the linked module)
// unwinds a suspending thread's wasm frames into a buffer and rewinds them
// when it resumes. Its frames in linear memory (the shadow stack) all live on
// one run stack and are copied out and back in, as the native build does.
// With no guard page in WebAssembly, a thread's stack overflow is found by
// checkStack, which the student's functions call as they are entered.
// Non-goal: a native build (scheduler.cpp uses boost.context there).
#pragma once

#include <cstdint>

namespace cuemu::wasmfiber {

/// Runs the fiber of thread `linear` (from its start when `fresh`, else
/// rewound to where it suspended with its stack pointer at `stackPointer`)
/// until it suspends or returns; the stack pointer to keep when it suspended,
/// 0 when it returned.
uintptr_t run(uint32_t linear, bool fresh, uintptr_t stackPointer, void (*body)());

/// Suspends the running thread `linear` (returns when it is resumed).
void suspend(uint32_t linear);

/// True while the running thread unwinds to run().
bool unwinding();

/// Ends the run with the native build's stack-overflow fault when a thread's stack pointer has left the run stack (a
/// frame larger than what is left of its 1 MB): called as each of the student's functions is entered, after its frame
/// is made and before anything is written there (hooks.cpp's __cyg_profile_func_enter_bare).
void checkStack();

}  // namespace cuemu::wasmfiber
