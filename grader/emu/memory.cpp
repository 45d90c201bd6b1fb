// Device and shared memory of the emulator, the shared-memory race shadow,
// and traffic counting.
#include "memory.h"

#include <sys/mman.h>
#include <unistd.h>

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
constexpr size_t kStaticShared = 48 * 1024;             // the per-block static limit

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
    std::string name, shape;
    int line = 0;
};

uintptr_t arenaBase = 0, arenaNext = 0;
std::vector<Buffer> buffers;
int lastBuffer = 0;

char* sharedBase = nullptr;
size_t sharedTop = 0, dynamicBytes = 0;
std::vector<SharedSlot> slots;

void reserveArena() {
    if (sharedBase) return;
    // CUEMU_TRACKING=off leaves the hooks with nothing to watch: for measuring their cost only.
    const char* tracking = std::getenv("CUEMU_TRACKING");
    const bool track = !(tracking && std::string(tracking) == "off");
    void* p = mmap(nullptr, kArenaBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) fault("fault kind=resources message=cannot reserve the device address space");
    arenaBase = arenaNext = reinterpret_cast<uintptr_t>(p);
    if (track) arenaLo = arenaBase;
    void* s = mmap(nullptr, kSharedBytes + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) fault("fault kind=resources message=cannot allocate shared memory");
    sharedBase = static_cast<char*>(s);
    if (track) sharedLo = reinterpret_cast<uintptr_t>(sharedBase);
    mprotect(sharedBase + kSharedBytes, 4096, PROT_NONE);
    // Zero pages until touched; an epoch of 0 never matches a running block's.
    void* w = mmap(nullptr, sizeof(ShadowWord) * kShadowWords, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void* wp = mmap(nullptr, sizeof(ShadowPcs) * kShadowWords, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (w == MAP_FAILED || wp == MAP_FAILED) fault("fault kind=resources message=cannot allocate the shared-memory shadow");
    shadow = static_cast<ShadowWord*>(w);
    shadowPcs = static_cast<ShadowPcs*>(wp);
}

std::string coordText(const uint3& t) {
    return std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.z);
}

/// "tA[3][5]" for a shared word, from the slot that holds it.
std::string sharedElement(size_t offset) {
    for (const auto& slot : slots) {
        if (slot.epoch != blockStartEpoch() || offset < slot.offset || offset >= slot.offset + slot.bytes) continue;
        size_t index = (offset - slot.offset) / 4;
        std::vector<size_t> extents;
        size_t pos = 0;
        while (pos < slot.shape.size()) {
            size_t x = slot.shape.find('x', pos);
            extents.push_back(std::stoul(slot.shape.substr(pos, x - pos)));
            pos = x + 1;
        }
        if (extents.empty()) return slot.name;
        size_t elemBytes = slot.bytes;
        for (size_t e : extents) elemBytes /= e;
        index = (offset - slot.offset) / (elemBytes ? elemBytes : 4);
        std::string text;
        for (size_t i = extents.size(); i-- > 0;) {
            text = "[" + std::to_string(index % extents[i]) + "]" + text;
            index /= extents[i];
        }
        return slot.name + text;
    }
    if (offset >= kStaticShared) return "extern shared[" + std::to_string((offset - kStaticShared) / 4) + "]";
    return "shared word " + std::to_string(offset / 4);
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

}  // namespace

void deviceAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc) {
    int found = -1;
    if (lastBuffer < int(buffers.size()) && addr >= buffers[lastBuffer].guardLo && addr < buffers[lastBuffer].guardHi) {
        found = lastBuffer;
    } else {
        for (int i = 0; i < int(buffers.size()); ++i)
            if (addr >= buffers[i].guardLo && addr < buffers[i].guardHi) found = i;
        if (found < 0) return;  // between buffers' guard zones: not ours to judge
        lastBuffer = found;
    }
    Buffer& b = buffers[found];
    const bool inside = b.live && addr >= b.lo && addr + size <= b.hi;
    if (!inside) {
        long long index = (static_cast<long long>(addr) - static_cast<long long>(b.lo)) / 4;
        long long count = static_cast<long long>(b.hi - b.lo) / 4;
        std::string line = std::string("fault kind=") + (b.live ? "out-of-bounds" : "use-after-free") +
                           " access=" + (write ? "write" : "read") + " buffer=" + bufferName(found) +
                           " index=" + std::to_string(index) + " size=" + std::to_string(count);
        if (current) line += " thread=" + coordText(current->tIdx) + " block=" + coordText(current->bIdx);
        char pcText[32];
        std::snprintf(pcText, sizeof pcText, " pc=0x%lx", static_cast<unsigned long>(pc));
        fault(line + pcText);
    }
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
        if ((w >> 32) == launchSequence() && w != tag) {
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
    ShadowPcs& p = shadowPcs[word];
    if (write) {
        if (s.writeEpoch == epoch && s.writer != me) recordHazard(true, word, s.writer, p.writePc, me, pc);
        if (s.readEpoch == epoch) {
            if (s.reader != me) recordHazard(false, word, me, pc, s.reader, p.readPc);
            else if (s.reader2 != kNoThread) recordHazard(false, word, me, pc, s.reader2, p.read2Pc);
        }
        s.writeEpoch = epoch;
        s.writer = me;
        p.writePc = pc;
        return;
    }
    if (s.writeEpoch == epoch && s.writer != me) recordHazard(false, word, s.writer, p.writePc, me, pc);
    if (s.readEpoch != epoch) {
        s.readEpoch = epoch;
        s.reader = me;
        s.reader2 = kNoThread;
        p.readPc = pc;
    } else if (s.reader != me && s.reader2 == kNoThread) {
        s.reader2 = me;
        p.read2Pc = pc;
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

void beginBlockShared(size_t dynamic) {
    reserveArena();
    // Uninitialized shared memory reads as NaN, as garbage would on a GPU.
    std::memset(sharedBase, 0xFF, sharedTop);
    std::memset(sharedBase + kStaticShared, 0xFF, std::max(dynamicBytes, dynamic));
    sharedTop = 0;
    dynamicBytes = dynamic;
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

void sharedAccessSlow(uintptr_t addr, size_t size, bool write, uintptr_t pc) {
    if (!currentThread) return;  // host code cannot reach shared memory
    if (tilemapArmed) tilemapShared(write);
    ++(write ? sharedWriteCount : sharedReadCount);
    const size_t offset = addr - sharedLo;
    const uint16_t me = static_cast<uint16_t>(currentThread->linear);
    for (size_t word = offset / 4; word <= (offset + size - 1) / 4 && word < kShadowWords; ++word)
        shadowAccess(word, write, me, currentEpoch(), pc);
}


void* sharedSlot(int id, size_t bytes, size_t align, const char* name, const char* shape, int line) {
    reserveArena();
    if (id < 0) unsupported("a __shared__ declaration the grader could not number");
    if (slots.size() <= size_t(id)) slots.resize(id + 1);
    SharedSlot& slot = slots[id];
    if (slot.epoch != blockStartEpoch()) {
        size_t offset = (sharedTop + align - 1) / align * align;
        if (offset + bytes > kStaticShared) {
            fault("fault kind=shared-too-large message=the __shared__ arrays of this kernel need more than 48 KB "
                  "(at '" + std::string(name) + "', line " + std::to_string(line) + "); nvcc would refuse them");
        }
        slot.epoch = blockStartEpoch();
        slot.offset = offset;
        slot.bytes = bytes;
        slot.name = name;
        slot.shape = shape;
        slot.line = line;
        sharedTop = offset + bytes;
    }
    return sharedBase + slot.offset;
}

void* dynamicShared(const char*) {
    reserveArena();
    return sharedBase + kStaticShared;
}

}  // namespace cuemu
