// The emulated device memory: global buffers in a guarded arena, per-block
// shared memory with a shadow that finds races between barriers, reads of
// words no thread wrote, and accesses outside every __shared__ array (each
// array is followed by a red zone), and the counters of global loads and
// stores. Fed by the __tsan_* hooks.
// Non-goals: caches, coalescing, bank conflicts, global-memory races across
// blocks (only same-word writes are recorded).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "fault_kind.h"
#include "scheduler.h"
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
constexpr size_t kStaticSharedLimit = 48 * 1024;   ///< the per-block static limit
constexpr size_t kStaticArea = 160 * 1024;         ///< static arrays with their red zones
constexpr size_t kDynamicArea = 320 * 1024;        ///< opt-in dynamic shared memory (227 KB) and its red zone
constexpr size_t kSharedBytes = kStaticArea + kDynamicArea;
#ifndef __wasm__
constexpr size_t kArenaBytes = size_t(1) << 36;    ///< address space reserved for buffers
#else
constexpr size_t kArenaBytes = size_t(1) << 26;    ///< WebAssembly: allocated, not reserved, within 4 GB
#endif

constexpr uint16_t kNoThread = 0xFFFF;
constexpr uint16_t kInArray = 1;  ///< ShadowWord::flags: the word belongs to a __shared__ array of the running block
/// What the race shadow remembers of one shared word since the last barrier
/// (16 bytes, so the words a block uses stay in the first-level cache).
struct ShadowWord {
    uint32_t writeEpoch = 0, readEpoch = 0;
    uint16_t writer = kNoThread, reader = kNoThread, reader2 = kNoThread, flags = 0;
};
/// Where those accesses were made, for reports, and the accessing threads'
/// __syncwarp generations, which order accesses within a warp (written only
/// when they change; read only when two threads meet on a word).
struct ShadowPcs {
    uintptr_t writePc = 0, readPc = 0, read2Pc = 0;
    uint16_t writerSync = 0, readerSync = 0, reader2Sync = 0;
};
constexpr size_t kShadowWords = kSharedBytes / 4;
extern ShadowWord* shadow;
extern ShadowPcs* shadowPcs;
extern uint64_t sharedReadCount, sharedWriteCount;

/// Whether `addr` lies in the emulator's shared memory or device arena: the memory a kernel's accesses are judged in.
inline bool isEmulated(uintptr_t addr) { return addr - sharedLo < kSharedBytes || addr - arenaLo < kArenaBytes; }

/// Out-of-line parts of onAccess (`aligned`: the compiler promised natural alignment).
void sharedAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc, bool aligned);
void deviceAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc, bool aligned);

/// The hooks' view of the running CUDA thread: its index in the block, or
/// kSlowHooks while host code runs or the tile map watches every access.
extern uint32_t hookThread;
constexpr uint32_t kSlowHooks = UINT32_MAX;

/// Updates the race shadow of shared word `word` for an access by thread `me`.
void shadowAccess(size_t word, bool write, uint16_t me, uint32_t epoch, uintptr_t pc);

/// True when a read by `me` changes nothing in the shadow and races with no
/// write: the word was read by `me` or by two threads already in this epoch.
[[gnu::always_inline]] inline bool quietRead(const ShadowWord& s, uint32_t me, uint32_t epoch) {
    return (s.writeEpoch != epoch || s.writer == me) && s.readEpoch == epoch &&
           (s.reader == me || s.reader2 != kNoThread);
}

/// Records a load (`write` false) or store of `size` bytes at `addr` from code at `pc`.
/// Kept small enough to inline into every hook: the common shared read
/// returns without a call, everything else tail-calls out of line. With
/// `aligned` (the compiler's aligned hooks), a misaligned address is a fault,
/// as on a GPU.
[[gnu::always_inline]] inline void onAccess(uintptr_t addr, size_t size, bool write, uintptr_t pc, bool aligned = true) {
    const uintptr_t offset = addr - sharedLo;
    if (offset < kSharedBytes) {
        const uint32_t me = hookThread;
        if (size == 4 && !(offset & 3) && me != kSlowHooks) [[likely]] {
            ++(write ? sharedWriteCount : sharedReadCount);
            const uint32_t epoch = currentEpoch();
            if (!write && quietRead(shadow[offset / 4], me, epoch)) return;
            return shadowAccess(offset / 4, write, static_cast<uint16_t>(me), epoch, pc);
        }
        return sharedAccessSlow(addr, size, write, pc, aligned);
    }
    if (addr - arenaLo < kArenaBytes) return deviceAccessSlow(addr, size, write, pc, aligned);
}

/// Called when a block ends: keeps the reads of shared words no thread of the block ever wrote.
void endBlockShared();
/// Called when a launch begins, to reset per-launch counters.
void beginLaunchMemory();
/// Called when a launch ends, to store its shared-memory access counts.
void endLaunchMemory(LaunchStats& launch);
/// Writes the per-element "written in the last launch" map of the buffer named `name`.
std::string writtenMap(const char* name, size_t elements);

/// Ends the run at once with a fault line in the record (an out-of-bounds access).
[[noreturn]] void fault(const std::string& line);
/// " thread=X,Y,Z block=X,Y,Z block_dim=X,Y,Z" for the running CUDA thread ("" on the host), for fault lines.
std::string faultThreadFields();
/// " pc=0x..." for fault lines.
std::string faultPcField(uintptr_t pc);

/// The dynamic shared memory a launch may ask for: 48 KB, or what cudaFuncSetAttribute raised it to.
size_t dynamicSharedLimit();

}  // namespace cuemu
