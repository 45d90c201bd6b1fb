// Device and shared memory of the emulator, the shared-memory race shadow,
// and traffic counting.
#include "memory.h"

#ifndef __wasm__
#include <sys/mman.h>
#include <unistd.h>
#else
// WebAssembly has no page protection: memory comes from malloc, and a guard
// zone is only address space no buffer owns (the hooks still see accesses there).
#define PROT_NONE 0
#define PROT_READ 1
#define PROT_WRITE 2
#define MAP_FAILED nullptr
#define mmap(addr, bytes, prot, flags, fd, offset) std::calloc(1, (bytes))
#define mprotect(addr, bytes, prot) 0
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "scheduler.h"
#include "stats.h"
#include "tilemap.h"

namespace cuemu {

uintptr_t sharedLo = UINTPTR_MAX / 2, arenaLo = UINTPTR_MAX / 2;  // far from any address until reserved

namespace {

constexpr size_t kMinGuard = 256 * 1024;
constexpr size_t kMinRedZone = 512;        // bytes after each __shared__ array (at least its own size, up to 16 KB)
constexpr size_t kMaxRedZone = 16 * 1024;

struct Buffer {
    uintptr_t lo = 0, hi = 0;            ///< the usable bytes
    uintptr_t guardLo = 0, guardHi = 0;  ///< with the guard zones around them
    bool live = false;
    std::string name;
    std::vector<uint64_t> writer;  ///< (launch << 32) | (global thread + 1), per word
};

struct SharedSlot {
    uint32_t epoch = 0;  ///< block start epoch when allocated
    size_t offset = 0, bytes = 0;
    size_t elementBytes = 4;  ///< one element of the array (the whole object for a scalar or struct)
    std::string name, shape;
    int line = 0;
};

/// The extern __shared__ array of the running block, as a slot for reports.
SharedSlot dynamicSlot;

uintptr_t arenaBase = 0, arenaNext = 0;
std::vector<Buffer> buffers;
int lastBuffer = 0;

char* sharedBase = nullptr;
size_t sharedTop = 0, sharedUsed = 0, dynamicBytes = 0;
std::vector<SharedSlot> slots;
std::vector<std::pair<size_t, size_t>> arrayWords;  ///< word ranges marked kInArray for the running block

void reserveArena() {
    if (sharedBase) return;
    // CUEMU_TRACKING=off leaves the hooks with nothing to watch: for measuring their cost only.
    const char* tracking = std::getenv("CUEMU_TRACKING");
    const bool track = !(tracking && std::string(tracking) == "off");
    void* p = mmap(nullptr, kArenaBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) fault(faultLineStart(FaultKind::Resources) + " message=cannot reserve the device address space");
    arenaBase = arenaNext = reinterpret_cast<uintptr_t>(p);
    if (track) arenaLo = arenaBase;
    void* s = mmap(nullptr, kSharedBytes + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) fault(faultLineStart(FaultKind::Resources) + " message=cannot allocate shared memory");
    sharedBase = static_cast<char*>(s);
    if (track) sharedLo = reinterpret_cast<uintptr_t>(sharedBase);
    mprotect(sharedBase + kSharedBytes, 4096, PROT_NONE);
    // Zero pages until touched; an epoch of 0 never matches a running block's.
    void* w = mmap(nullptr, sizeof(ShadowWord) * kShadowWords, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void* wp = mmap(nullptr, sizeof(ShadowPcs) * kShadowWords, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (w == MAP_FAILED || wp == MAP_FAILED) fault(faultLineStart(FaultKind::Resources) + " message=cannot allocate the shared-memory shadow");
    shadow = static_cast<ShadowWord*>(w);
    shadowPcs = static_cast<ShadowPcs*>(wp);
}

std::string tripleText(const uint3& t) {
    return std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.z);
}

/// The extents of a slot's shape ("16x17" -> {16, 17}).
std::vector<size_t> extentsOf(const std::string& shape) {
    std::vector<size_t> extents;
    size_t pos = 0;
    while (pos < shape.size()) {
        size_t x = shape.find('x', pos);
        if (x == std::string::npos) x = shape.size();
        extents.push_back(std::stoul(shape.substr(pos, x - pos)));
        pos = x + 1;
    }
    return extents;
}

/// The slot of the running block whose array (with its red zone, when
/// `withRedZone`) holds byte `offset`; nullptr if none.
const SharedSlot* slotAt(size_t offset, bool withRedZone) {
    auto holds = [&](const SharedSlot& slot) {
        const size_t end = slot.offset + slot.bytes + (withRedZone ? std::clamp(slot.bytes, kMinRedZone, kMaxRedZone) : 0);
        return slot.epoch == blockStartEpoch() && offset >= slot.offset && offset < end;
    };
    for (const auto& slot : slots)
        if (holds(slot)) return &slot;
    if (dynamicSlot.epoch == blockStartEpoch() && offset >= kStaticArea) return &dynamicSlot;
    return nullptr;
}

/// "tA[3][5]" for the element at byte `offset` of `slot` (the first index may run past the array).
std::string elementOf(const SharedSlot& slot, size_t offset) {
    const std::vector<size_t> extents = extentsOf(slot.shape);
    size_t index = (offset - slot.offset) / slot.elementBytes;
    if (extents.empty())
        return &slot == &dynamicSlot || index > 0 ? slot.name + "[" + std::to_string(index) + "]" : slot.name;
    std::string text;
    for (size_t i = extents.size(); i-- > 1;) {
        text = "[" + std::to_string(index % extents[i]) + "]" + text;
        index /= extents[i];
    }
    return slot.name + "[" + std::to_string(index) + "]" + text;
}

/// "tA[3][5]" for a shared word, from the slot that holds it.
std::string sharedElement(size_t offset) {
    if (const SharedSlot* slot = slotAt(offset, false)) return elementOf(*slot, offset);
    return "shared word " + std::to_string(offset / 4);
}

/// Ends the run: an access to shared memory outside every __shared__ array of the block.
[[noreturn]] void sharedOutOfBounds(size_t offset, bool write, uintptr_t pc) {
    std::string line = faultLineStart(FaultKind::OutOfBounds) + " space=shared access=" + (write ? "write" : "read");
    if (const SharedSlot* slot = slotAt(offset, true)) {
        line += " buffer=" + slot->name + " element=" + elementOf(*slot, offset) + " index=" +
                std::to_string((offset - slot->offset) / slot->elementBytes) + " size=" +
                std::to_string(slot->bytes / slot->elementBytes) + " shape=" + (slot->shape.empty() ? "-" : slot->shape);
    } else {
        line += " buffer=shared element=byte" + std::to_string(offset) + " index=" + std::to_string(offset / 4) + " size=0";
    }
    fault(line + faultThreadFields() + faultPcField(pc));
}

/// A read of a shared word not yet written in its block. Whether it was a
/// read of garbage is known when the block ends: a word some thread wrote
/// later was read too early (a missing barrier, which the race shadow
/// reports), not left unwritten.
struct EarlyRead {
    size_t word;
    uint16_t reader;
    uintptr_t pc;
};
std::vector<EarlyRead> earlyReads;
constexpr size_t kMaxEarlyReads = 4096;

void recordUninitialized(size_t word, uint16_t reader, uintptr_t pc) {
    if (earlyReads.size() < kMaxEarlyReads) earlyReads.push_back({word, reader, pc});
}

/// Records a race between `writer` and `other` on shared word `word`.
void recordHazard(bool bothWrite, size_t word, uint16_t writer, uintptr_t writerPc, uint16_t other,
                  uintptr_t otherPc) {
    Hazard& h = stats().hazards[{bothWrite, writerPc, otherPc}];
    if (h.count++ == 0) {
        h.bothWrite = bothWrite;
        h.element = sharedElement(word * 4);
        h.writer = coordsOf(writer, current->bDim);
        h.other = coordsOf(other, current->bDim);
        h.writerPc = writerPc;
        h.otherPc = otherPc;
        h.block = current->bIdx;
        h.barrierIndex = blockBarrierIndex();
    }
}

/// True when an earlier access by `other` (whose __syncwarp generation was
/// `otherSync`) is ordered before the running thread's by a __syncwarp both
/// took part in: they share a warp and the running thread has synced since.
bool warpOrdered(uint16_t other, uint16_t otherSync, uint16_t me) {
    return (other >> 5) == (me >> 5) && currentThread->warpSync > otherSync;
}

/// Ends the run: a `size`-byte access `offset` bytes into `where` that is not a multiple of `size`.
[[noreturn]] void misaligned(size_t offset, size_t size, bool write, const std::string& where, uintptr_t pc) {
    fault(faultLineStart(FaultKind::Misaligned) + " access=" + (write ? "write" : "read") + " bytes=" + std::to_string(size) +
          " buffer=" + where + " offset=" + std::to_string(offset) + faultThreadFields() + faultPcField(pc));
}

/// bufferAround's search when `addr` is not in the last buffer found.
[[gnu::noinline]] int searchBuffers(uintptr_t addr) {
    for (int i = 0; i < int(buffers.size()); ++i)
        if (addr >= buffers[i].guardLo && addr < buffers[i].guardHi) return lastBuffer = i;
    return -1;
}

/// The index of the buffer whose guard zones hold `addr`, or -1 (inlined: every global access asks).
[[gnu::always_inline]] inline int bufferAround(uintptr_t addr) {
    if (lastBuffer < int(buffers.size()) && addr >= buffers[lastBuffer].guardLo && addr < buffers[lastBuffer].guardHi) return lastBuffer;
    return searchBuffers(addr);
}

/// Ends the run: [addr, addr + size) leaves buffer `found`, or the buffer was freed.
[[noreturn, gnu::cold, gnu::noinline]] void outsideBuffer(const Buffer& b, int found, uintptr_t addr, size_t size, bool write, uintptr_t pc) {
    long long index = (static_cast<long long>(addr) - static_cast<long long>(b.lo)) / 4;
    long long count = static_cast<long long>(b.hi - b.lo) / 4;
    fault(faultLineStart(b.live ? FaultKind::OutOfBounds : FaultKind::UseAfterFree) + " space=global access=" +
          (write ? "write" : "read") + " buffer=" + bufferName(found) + " index=" + std::to_string(index) +
          " size=" + std::to_string(count) + faultThreadFields() + faultPcField(pc));
}

constexpr uint32_t kAtomicWriter = 0xFFFFFFFFu;  ///< a global word's writer tag when only atomics wrote it

}  // namespace

std::string faultThreadFields() {
    if (!current) return "";
    return " thread=" + tripleText(current->tIdx) + " block=" + tripleText(current->bIdx) + " block_dim=" + tripleText(current->bDim);
}

std::string faultPcField(uintptr_t pc) {
    char text[32];
    std::snprintf(text, sizeof text, " pc=0x%lx", static_cast<unsigned long>(pc));
    return text;
}

void deviceAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc, bool aligned) {
    const int found = bufferAround(addr);
    if (found < 0) return;  // between buffers' guard zones: not ours to judge
    Buffer& b = buffers[found];
    if (!(b.live && addr >= b.lo && addr + size <= b.hi)) [[unlikely]] outsideBuffer(b, found, addr, size, write, pc);
    if (aligned && (addr & (size - 1)) && currentThread) misaligned(addr - b.lo, size, write, bufferName(found), pc);
    if (!currentThread) return;  // host code touching device memory directly
    const size_t word = (addr - b.lo) / 4;
    const uint32_t words = static_cast<uint32_t>((size + 3) / 4);
    if (tilemapArmed) tilemapGlobal(found, word, words, write);  // `grader tilemap` only
    if (found < kMaxBuffers) (write ? currentThread->writes : currentThread->reads)[found] += words;
    if (write) {
        if (b.writer.empty()) b.writer.assign((b.hi - b.lo) / 4 + 1, 0);
        const uint64_t blockLinear = (uint64_t(current->bIdx.z) * current->gDim.y + current->bIdx.y) *
                                         current->gDim.x + current->bIdx.x;
        const uint64_t perBlock = uint64_t(current->bDim.x) * current->bDim.y * current->bDim.z;
        const uint64_t tag = (uint64_t(launchSequence()) << 32) | (blockLinear * perBlock + currentThread->linear + 1);
        uint64_t& w = b.writer[word];
        if ((w >> 32) == launchSequence() && w != tag && uint32_t(w) != kAtomicWriter) {
            WriteConflict& c = stats().writeConflicts[bufferName(found)];
            if (c.count++ == 0) {
                c.element = bufferName(found) + "[" + std::to_string(word) + "]";
                const uint64_t other = (w & 0xFFFFFFFFu) - 1;
                c.first = coordsOf(other % perBlock, current->bDim);
                c.firstBlock = coordsOf(other / perBlock, current->gDim);
                c.second = current->tIdx;
                c.secondBlock = current->bIdx;
            }
        }
        w = tag;
    }
}

ShadowWord* shadow = nullptr;
ShadowPcs* shadowPcs = nullptr;
uint64_t sharedReadCount = 0, sharedWriteCount = 0;
uint32_t hookThread = kSlowHooks;

void shadowAccess(size_t word, bool write, uint16_t me, uint32_t epoch, uintptr_t pc) {
    ShadowWord& s = shadow[word];
    if (!(s.flags & kInArray)) [[unlikely]] sharedOutOfBounds(word * 4, write, pc);
    ShadowPcs& p = shadowPcs[word];
    const uint16_t sync = currentThread->warpSync;
    if (write) {
        if (s.writeEpoch == epoch && s.writer != me && !warpOrdered(s.writer, p.writerSync, me))
            recordHazard(true, word, s.writer, p.writePc, me, pc);
        if (s.readEpoch == epoch) {
            if (s.reader != me && !warpOrdered(s.reader, p.readerSync, me)) recordHazard(false, word, me, pc, s.reader, p.readPc);
            else if (s.reader2 != kNoThread && s.reader2 != me && !warpOrdered(s.reader2, p.reader2Sync, me))
                recordHazard(false, word, me, pc, s.reader2, p.read2Pc);
        }
        s.writeEpoch = epoch;
        s.writer = me;
        p.writePc = pc;
        p.writerSync = sync;
        return;
    }
    if (s.writeEpoch < blockInitEpoch()) recordUninitialized(word, me, pc);
    else if (s.writeEpoch == epoch && s.writer != me && !warpOrdered(s.writer, p.writerSync, me))
        recordHazard(false, word, s.writer, p.writePc, me, pc);
    if (s.readEpoch != epoch) {
        s.readEpoch = epoch;
        s.reader = me;
        s.reader2 = kNoThread;
        p.readPc = pc;
        p.readerSync = sync;
    } else if (s.reader != me && s.reader2 == kNoThread) {
        s.reader2 = me;
        p.read2Pc = pc;
        p.reader2Sync = sync;
    }
}


void* deviceAlloc(size_t bytes) {
    reserveArena();
    const size_t page = 4096;
    const size_t usable = (bytes + page - 1) / page * page;
    const size_t guard = std::max(kMinGuard, usable);
    if (arenaNext + guard * 2 + usable > arenaBase + kArenaBytes) return nullptr;
    Buffer b;
    b.guardLo = arenaNext;
    b.lo = arenaNext + guard;  // a buffer starts at a page boundary, like cudaMalloc's
    b.hi = b.lo + bytes;
    b.guardHi = b.lo + usable + guard;
    if (mprotect(reinterpret_cast<void*>(b.lo), usable ? usable : page, PROT_READ | PROT_WRITE) != 0) return nullptr;
    b.live = true;
    arenaNext = b.guardHi;
    buffers.push_back(std::move(b));
    return reinterpret_cast<void*>(buffers.back().lo);
}

bool deviceFree(void* ptr) {
    for (auto& b : buffers) {
        if (b.live && b.lo == reinterpret_cast<uintptr_t>(ptr)) {
            b.live = false;
            const size_t usable = (b.hi - b.lo + 4095) / 4096 * 4096;
            mprotect(ptr, usable ? usable : 4096, PROT_NONE);
            return true;
        }
    }
    return false;
}

bool isDeviceRange(const void* ptr, size_t bytes) {
    const auto p = reinterpret_cast<uintptr_t>(ptr);
    for (const auto& b : buffers)
        if (b.live && p >= b.lo && p + bytes <= b.hi) return true;
    return false;
}

void nameBuffer(const void* ptr, const char* name) {
    int index = bufferIndex(ptr);
    if (index >= 0) buffers[index].name = name;
}

int bufferIndex(const void* ptr) {
    const auto p = reinterpret_cast<uintptr_t>(ptr);
    for (int i = 0; i < int(buffers.size()); ++i)
        if (p >= buffers[i].lo && p < buffers[i].hi) return i;
    return -1;
}

std::string bufferName(int index) {
    if (index >= 0 && index < int(buffers.size()) && !buffers[index].name.empty()) return buffers[index].name;
    return "buffer #" + std::to_string(index + 1);
}

namespace {

/// Marks shared words [begin, end) as inside (or, `inside` false, outside) the block's arrays.
void markArrayWords(size_t beginByte, size_t endByte, bool inside) {
    for (size_t w = beginByte / 4; w < (endByte + 3) / 4 && w < kShadowWords; ++w) {
        if (inside) shadow[w].flags |= kInArray;
        else shadow[w].flags &= uint16_t(~kInArray);
    }
    if (inside) arrayWords.emplace_back(beginByte, endByte);
}

}  // namespace

void beginBlockShared(size_t dynamic) {
    reserveArena();
    // Uninitialized shared memory reads as NaN, as garbage would on a GPU;
    // the shadow reports such reads, and accesses outside the block's arrays.
    std::memset(sharedBase, 0xFF, sharedUsed);
    std::memset(sharedBase + kStaticArea, 0xFF, std::max(dynamicBytes, dynamic));
    for (const auto& [begin, end] : arrayWords) markArrayWords(begin, end, false);
    arrayWords.clear();
    sharedTop = 0;
    sharedUsed = 0;
    dynamicBytes = dynamic;
    dynamicSlot = SharedSlot{};
}

void endBlockShared() {
    for (const EarlyRead& r : earlyReads) {
        if (shadow[r.word].writeEpoch >= blockInitEpoch()) continue;  // written later in the block
        UninitializedRead& u = stats().uninitializedReads[r.pc];
        if (u.count++ == 0) {
            u.element = sharedElement(r.word * 4);
            u.thread = coordsOf(r.reader, current ? current->bDim : blockDim);
            u.block = blockIdx;
            u.pc = r.pc;
        }
    }
    earlyReads.clear();
}

void beginLaunchMemory() {
    reserveArena();
    sharedReadCount = sharedWriteCount = 0;
}

void endLaunchMemory(LaunchStats& launch) {
    launch.sharedReads = sharedReadCount;
    launch.sharedWrites = sharedWriteCount;
}

std::string writtenMap(const char* name, size_t elements) {
    std::string map(elements, '0');
    for (const auto& b : buffers) {
        if (b.name != name) continue;
        for (size_t i = 0; i < elements && i < b.writer.size(); ++i)
            if ((b.writer[i] >> 32) == launchSequence() && b.writer[i]) map[i] = '1';
    }
    return map;
}

void sharedAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc, bool aligned) {
    if (!currentThread) return;  // host code cannot reach shared memory
    const size_t offset = addr - sharedLo;
    if (aligned && (addr & (size - 1))) {
        const SharedSlot* slot = slotAt(offset, true);
        misaligned(slot ? offset - slot->offset : offset, size, write, slot ? slot->name : "shared memory", pc);
    }
    if (tilemapArmed) tilemapShared(write);
    ++(write ? sharedWriteCount : sharedReadCount);
    const uint16_t me = static_cast<uint16_t>(currentThread->linear);
    for (size_t word = offset / 4; word <= (offset + size - 1) / 4 && word < kShadowWords; ++word)
        shadowAccess(word, write, me, currentEpoch(), pc);
}

void atomicTouch(const void* address, size_t size, int line) {
    const auto addr = reinterpret_cast<uintptr_t>(address);
#ifndef __wasm__
    const uintptr_t pc = reinterpret_cast<uintptr_t>(__builtin_return_address(0));
#else
    const uintptr_t pc = 0;  // WebAssembly has no return address
#endif
    if (addr & (size - 1)) {
        if (addr - sharedLo < kSharedBytes || bufferAround(addr) >= 0) misaligned(addr % 256, size, true, "an atomic's operand", pc);
    }
    if (addr - sharedLo < kSharedBytes) {
        if (!currentThread) return;
        for (size_t word = (addr - sharedLo) / 4; word <= (addr - sharedLo + size - 1) / 4; ++word) {
            ShadowWord& s = shadow[word];
            if (!(s.flags & kInArray)) sharedOutOfBounds(word * 4, true, pc);
            if (s.writeEpoch < blockInitEpoch()) s.writeEpoch = blockInitEpoch();  // written, but never a race
        }
        return;
    }
    const int found = bufferAround(addr);
    if (found < 0) return;
    Buffer& b = buffers[found];
    if (!(b.live && addr >= b.lo && addr + size <= b.hi)) outsideBuffer(b, found, addr, size, true, pc);
    if (!currentThread) return;
    if (b.writer.empty()) b.writer.assign((b.hi - b.lo) / 4 + 1, 0);
    uint64_t& w = b.writer[(addr - b.lo) / 4];
    if ((w >> 32) != launchSequence()) w = (uint64_t(launchSequence()) << 32) | kAtomicWriter;
    (void)line;
}


void* sharedSlot(int id, size_t bytes, size_t align, const char* name, const char* shape, int line) {
    reserveArena();
    if (id < 0) unsupported("a __shared__ declaration the grader could not number", line);
    if (slots.size() <= size_t(id)) slots.resize(id + 1);
    SharedSlot& slot = slots[id];
    if (slot.epoch != blockStartEpoch()) {
        const size_t offset = (sharedTop + align - 1) / align * align;
        const size_t redZone = std::clamp(bytes, kMinRedZone, kMaxRedZone);
        if (sharedUsed + bytes > kStaticSharedLimit || offset + bytes + redZone > kStaticArea) {
            fault(faultLineStart(FaultKind::SharedTooLarge) + " message=the __shared__ arrays of this kernel need more than 48 KB "
                  "(at '" + std::string(name) + "', line " + std::to_string(line) + "); nvcc would refuse them");
        }
        slot.epoch = blockStartEpoch();
        slot.offset = offset;
        slot.bytes = bytes;
        slot.name = name;
        slot.shape = shape;
        slot.line = line;
        size_t elements = 1;
        for (size_t e : extentsOf(shape)) elements *= e;
        slot.elementBytes = std::max<size_t>(1, bytes / elements);
        sharedTop = offset + bytes + redZone;
        sharedUsed += bytes;
        markArrayWords(offset, offset + bytes, true);
    }
    return sharedBase + slot.offset;
}

void* dynamicShared(const char* name, size_t elementBytes) {
    reserveArena();
    if (dynamicSlot.epoch != blockStartEpoch()) {
        dynamicSlot.epoch = blockStartEpoch();
        dynamicSlot.offset = kStaticArea;
        dynamicSlot.bytes = dynamicBytes;
        dynamicSlot.elementBytes = std::max<size_t>(1, elementBytes);
        dynamicSlot.name = name;
        markArrayWords(kStaticArea, kStaticArea + dynamicBytes, true);
    }
    return sharedBase + kStaticArea;
}

}  // namespace cuemu
