// What the runtime API's source files share (runtime_api.cpp,
// memory_api.cpp, device_queries.cpp, error_names.cpp): error recording with
// CUDA's sticky errors, the virtual clock's waits, and the device settings a
// reset restores.
// Non-goal: anything the student's file or the harness calls.
#pragma once

#include "cuemu/cuda_emu.h"

namespace cuemu {

/// The global memory of the emulated H200, as CUDA 13 reports it.
constexpr size_t kTotalGlobalMem = 150109880320;

/// Records `error` (a launch's, from the scheduler) as the last error; a
/// sticky one also stays for every later call. cudaSuccess changes nothing.
void setLastError(cudaError_t error);
/// Records a failed call's error as the last error and returns it
/// (cudaSuccess passes through untouched).
cudaError_t recordError(cudaError_t error);
/// The sticky error of earlier work (cudaSuccess if none), recorded again as
/// the last error: once a kernel fails this way, every call that reaches the
/// device (synchronize, copy, allocate, record) reports it, as on a GPU.
cudaError_t stickyError();
/// Forgets the sticky error (cudaDeviceReset; the last error stays, as in CUDA).
void clearStickyError();
/// Advances the virtual host clock to the end of the queued device work.
void waitForDevice();
/// The dynamic shared memory a launch may ask for: 48 KB, or up to 227 KB
/// once cudaFuncSetAttribute(MaxDynamicSharedMemorySize) raised it.
size_t dynamicSharedLimit();
/// Raises the dynamic shared limit to `bytes` (at most 227 KB; never lowers it).
void raiseDynamicSharedLimit(size_t bytes);
/// Restores the device's settings (flags, cache config, limits, the dynamic shared limit).
void resetDeviceSettings();
/// Frees every device and managed allocation, as destroying the primary
/// context does (cudaDeviceReset): later accesses are uses after free.
void releaseDeviceAllocations();

}  // namespace cuemu
