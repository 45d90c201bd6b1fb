// The emulated device memory: global buffers in a guarded arena, per-block
// shared memory with a shadow that finds races between barriers, and the
// counters of global loads and stores. Fed by the __tsan_* hooks.
// Non-goals: caches, coalescing, bank conflicts, global-memory races across
// blocks (only same-word writes are recorded).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "stats.h"

namespace cuemu {

/// Allocates a global buffer surrounded by inaccessible guard zones.
void* deviceAlloc(size_t bytes);
/// Releases a buffer; later accesses are reported as use after free.
bool deviceFree(void* ptr);
/// True when `ptr` .. `ptr + bytes` lies inside one live buffer.
bool isDeviceRange(const void* ptr, size_t bytes);
/// Names a buffer for reports (the harness names A, B and C).
void nameBuffer(const void* ptr, const char* name);
/// The buffer index (0 .. kMaxBuffers-1) holding `ptr`, or -1.
int bufferIndex(const void* ptr);
/// The name of buffer `index` ("A", or "buffer #3").
std::string bufferName(int index);

/// Prepares shared memory for a new block with `dynamicBytes` of extern shared.
void beginBlockShared(size_t dynamicBytes);
extern uintptr_t sharedLo, arenaLo;
constexpr size_t kSharedBytes = 96 * 1024;         ///< static area + dynamic area
constexpr size_t kArenaBytes = size_t(1) << 36;    ///< address space reserved for buffers

/// Out-of-line parts of onAccess.
void sharedAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc);
void deviceAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc);

/// Records a load (`write` false) or store of `size` bytes at `addr` from code at `pc`.
inline void onAccess(uintptr_t addr, size_t size, bool write, uintptr_t pc) {
    if (addr - sharedLo < kSharedBytes) sharedAccessSlow(addr, size, write, pc);
    else if (addr - arenaLo < kArenaBytes) deviceAccessSlow(addr, size, write, pc);
}
/// Called when a launch begins, to reset per-launch counters.
void beginLaunchMemory();
/// Called when a launch ends, to store its shared-memory access counts.
void endLaunchMemory(LaunchStats& launch);
/// Remembers a thread's coordinates for reports (once per launch).
void registerBlockThread(uint32_t linear, const ::uint3& coords);
/// Writes the per-element "written in the last launch" map of the buffer named `name`.
std::string writtenMap(const char* name, size_t elements);

/// Ends the run at once with a fault line in the record (an out-of-bounds access).
[[noreturn]] void fault(const std::string& line);

}  // namespace cuemu
