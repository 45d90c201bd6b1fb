// The fiber scheduler: one fiber per CUDA thread, run in passes; a pass
// resumes every thread that can go on, up to its next barrier or warp
// intrinsic. A block barrier opens when every live thread waits at one; a
// warp intrinsic completes when every live lane its mask names has reached
// one (the lanes then go on in the next pass). All fibers execute on one
// run stack: a suspended thread's live frames (a few hundred bytes) are
// copied out to its save area and back in when it resumes. A block of 256
// threads then touches a few pages instead of 256 stacks, which is what a
// short launch costs most. Built for WebAssembly (the browser edition), a
// fiber switch is binaryen's Asyncify instead of a context jump: see
// fiber_asyncify.h.
#include "scheduler.h"

#ifndef __wasm__
#include <signal.h>
#include <ucontext.h>
#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/detail/fcontext.hpp>
#else
#include "fiber_asyncify.h"
#endif
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "memory.h"
#include "stats.h"
#include "tilemap.h"

#ifndef __wasm__
namespace fc = boost::context::detail;
#endif

namespace cuemu {

thread_local const ThreadCoords* current = nullptr;
ThreadState* currentThread = nullptr;

namespace {

constexpr size_t kRunStackBytes = size_t(1) << 20;  // per CUDA thread (a GPU gives 1 KB by default)
constexpr size_t kGuardBytes = 64 * 1024;
constexpr size_t kSaveArenaBytes = size_t(4) << 30;  // address space only; pages appear when written

/// What a suspended thread waits for.
enum class Wait : uint8_t { None, Barrier, Warp };

struct FiberThread {
    ThreadState state;
#ifndef __wasm__
    fc::fcontext_t context = nullptr;  ///< where the suspended thread resumes (in the run stack)
    char* save = nullptr;              ///< its frames while suspended, in the save arena
    uint32_t savedBytes = 0, saveCapacity = 0;
#else
    uintptr_t stackPointer = 0;  ///< the shadow stack's pointer when it suspended
#endif
    bool started = false;
    bool done = false;
    Wait wait = Wait::None;
    int waitLine = 0;
    int predicate = 0;      ///< __syncthreads_count's operand; after the barrier, the block's count
    uint64_t warpResult = 0;
};

/// The lanes of one warp: which exist and have not exited, which wait at a warp intrinsic.
struct WarpState {
    uint32_t live = 0, arrived = 0;
    uint16_t generation = 0;  ///< completed __syncwarp rendezvous
    WarpCall calls[32];
};

#ifndef __wasm__
/// The run stack with a guard zone below it, and the arena the suspended
/// threads' frames are saved in (handed out anew at every launch, so a
/// launch touches only as many pages as its threads' frames fill).
struct Stacks {
    char* guard = nullptr;  ///< lowest byte of the guard zone
    char* top = nullptr;    ///< the run stack's top (it grows down)
    char* arena = nullptr;
    size_t arenaUsed = 0;
    size_t arenaOpen = 0;  ///< bytes made accessible so far
};

FiberThread* runningFiber = nullptr;
std::string overflowMessage;

Stacks& stacks() {
    static Stacks s = [] {
        Stacks made;
        void* run = mmap(nullptr, kGuardBytes + kRunStackBytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        // Reserved inaccessible (so it does not count against the child's data
        // limit) and opened a slice at a time as the threads' frames need it.
        void* arena = mmap(nullptr, kSaveArenaBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (run == MAP_FAILED || arena == MAP_FAILED) fault(faultLineStart(FaultKind::Resources) + " message=cannot allocate the fiber stacks");
        made.guard = static_cast<char*>(run);
        mprotect(made.guard, kGuardBytes, PROT_NONE);
        made.top = made.guard + kGuardBytes + kRunStackBytes;
        made.arena = static_cast<char*>(arena);
        overflowMessage = stackOverflowFaultLine();  // made here: the signal handler that reports it must not allocate
        return made;
    }();
    return s;
}

struct sigaction hostSegfaultAction;
stack_t hostSignalStack;

void onSegfault(int, siginfo_t* info, void* context) {
    const Stacks& s = stacks();
    const char* at = static_cast<const char*>(info->si_addr);
    if (at >= s.guard && at < s.guard + kGuardBytes) fault(overflowMessage);
    if (runningFiber) {  // a kernel touched memory that is no buffer's: CUDA's illegal address
        char address[32];
        std::snprintf(address, sizeof address, "0x%lx", reinterpret_cast<unsigned long>(at));
#ifdef REG_RIP
        const auto pc = static_cast<uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#else
        const uintptr_t pc = 0;
        (void)context;
#endif
        fault(faultLineStart(FaultKind::IllegalAddress) + " address=" + address + faultThreadFields() + faultPcField(pc + 1));
    }
    // A fault in host code is not ours: the host's handler (or the default) sees it when the access repeats.
    sigaction(SIGSEGV, &hostSegfaultAction, nullptr);
}

/// While a launch runs, a stack overflow is reported by onSegfault, on a
/// stack of its own (the faulting one has no room left).
void watchStackOverflow() {
    static char handlerStack[64 * 1024];
    stack_t alt{};
    alt.ss_sp = handlerStack;
    alt.ss_size = sizeof handlerStack;
    sigaltstack(&alt, &hostSignalStack);
    struct sigaction action {};
    action.sa_sigaction = onSegfault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(SIGSEGV, &action, &hostSegfaultAction);
}

/// Gives the host back its own SIGSEGV handling after a launch.
void unwatchStackOverflow() {
    sigaction(SIGSEGV, &hostSegfaultAction, nullptr);
    sigaltstack(&hostSignalStack, nullptr);
}

/// Where `t`'s frames are kept while it is suspended; grows when they do.
char* saveArea(FiberThread& t, Stacks& s) {
    if (t.savedBytes <= t.saveCapacity) [[likely]] return t.save;
    const size_t bytes = t.savedBytes;  // a multiple of kCopyChunk
    if (s.arenaUsed + bytes > kSaveArenaBytes)
        fault(faultLineStart(FaultKind::Resources) + " message=the CUDA threads' stacks need more than 4 GB (huge local arrays)");
    if (s.arenaUsed + bytes > s.arenaOpen) {
        const size_t slice = size_t(1) << 20;
        const size_t open = std::min(kSaveArenaBytes, (s.arenaUsed + bytes + slice - 1) / slice * slice);
        if (mprotect(s.arena + s.arenaOpen, open - s.arenaOpen, PROT_READ | PROT_WRITE) != 0)
            fault(faultLineStart(FaultKind::Resources) + " message=out of memory for the CUDA threads' stacks (huge local arrays)");
        s.arenaOpen = open;
    }
    t.save = s.arena + s.arenaUsed;
    t.saveCapacity = uint32_t(bytes);
    s.arenaUsed += bytes;
    return t.save;
}

fc::fcontext_t schedulerContext = nullptr;
void (*blockBody)(void*) = nullptr;
void* blockArg = nullptr;

/// The first frame of every fiber: runs the kernel, then hands back for good.
void fiberMain(fc::transfer_t from) {
    schedulerContext = from.fctx;
    blockBody(blockArg);
    runningFiber->done = true;
    fc::jump_fcontext(schedulerContext, nullptr);
}

constexpr size_t kCopyChunk = 64;

/// Copies whole chunks (inlined moves: shorter than a call for a few hundred bytes).
inline void copyChunks(char* to, const char* from, size_t bytes) {
    for (size_t i = 0; i < bytes; i += kCopyChunk) __builtin_memcpy(to + i, from + i, kCopyChunk);
}

/// Runs `t` until its next barrier or its end.
void resume(FiberThread& t, Stacks& s) {
    if (!t.started) {
        t.started = true;
        t.context = fc::make_fcontext(s.top, kRunStackBytes, fiberMain);
    } else {
        copyChunks(s.top - t.savedBytes, t.save, t.savedBytes);
    }
    const fc::transfer_t back = fc::jump_fcontext(t.context, nullptr);
    if (t.done) return;
    t.context = back.fctx;
    // From the chunk holding the stack pointer up: the bytes below it are dead.
    const auto low = reinterpret_cast<uintptr_t>(back.fctx) & ~uintptr_t(kCopyChunk - 1);
    t.savedBytes = uint32_t(reinterpret_cast<uintptr_t>(s.top) - low);
    copyChunks(saveArea(t, s), reinterpret_cast<const char*>(low), t.savedBytes);
}

#else
FiberThread* runningFiber = nullptr;
/// The one run stack every fiber's shadow frames use (as on the native build).
struct Stacks {
    size_t arenaUsed = 0;  ///< unused here: the saved frames live in wasmfiber's buffers
};
Stacks& stacks() {
    static Stacks s;
    return s;
}
void watchStackOverflow() {}
void unwatchStackOverflow() {}
void (*blockBody)(void*) = nullptr;
void* blockArg = nullptr;

/// The first frame of every fiber: runs the kernel (an unwind returns from it early).
void fiberMain() {
    blockBody(blockArg);
    if (!wasmfiber::unwinding()) runningFiber->done = true;
}

/// Runs `t` until its next barrier or its end.
void resume(FiberThread& t, Stacks&) {
    const bool fresh = !t.started;
    t.started = true;
    t.stackPointer = wasmfiber::run(t.state.linear, fresh, t.stackPointer, fiberMain);
}
#endif
/// The block's warps (rebuilt for every block).
std::vector<WarpState> warps;

/// Which threads of the running block have waited at one barrier line.
struct BarrierReach {
    int line = 0;
    std::vector<char> threads;  ///< by linear index: 1 once the thread waited there
};

/// The running block's barrier lines (a line or two per kernel).
std::vector<BarrierReach> reach;

/// The reach of `line` in the running block, added when new.
std::vector<char>& reachOf(int line, size_t threads) {
    for (auto& r : reach)
        if (r.line == line) return r.threads;
    reach.push_back({line, std::vector<char>(threads, 0)});
    return reach.back().threads;
}

/// Counts the arrivals at each barrier line when a barrier opens and marks
/// which threads reached it; true when the live threads all wait at one
/// line with none finished, the usual case.
bool countArrivals(const std::vector<FiberThread>& threads, LaunchStats& launch) {
    bool uniform = true, anyWaiting = false, anyDone = false;
    int lastLine = -1;
    uint64_t* lastCount = nullptr;
    std::vector<char>* lastReach = nullptr;
    for (const auto& t : threads) {
        if (t.done) {
            anyDone = true;
            continue;
        }
        if (t.waitLine != lastLine) {
            uniform = !anyWaiting;  // a second line: the threads are split
            lastLine = t.waitLine;
            lastCount = &launch.barrierSites[lastLine];
            lastReach = &reachOf(lastLine, threads.size());
        }
        anyWaiting = true;
        ++*lastCount;
        (*lastReach)[t.state.linear] = 1;
    }
    return uniform && !anyDone;
}

/// After a block whose barriers diverged: records each barrier line that only
/// some of its threads ever reached (the first such block per line).
void recordPartialBarriers(const std::vector<FiberThread>& threads, const uint3& block) {
    for (const auto& r : reach) {
        const auto reached = uint32_t(std::count(r.threads.begin(), r.threads.end(), 1));
        if (reached == threads.size() || stats().partialBarriers.count(r.line)) continue;
        PartialBarrier& p = stats().partialBarriers[r.line];
        p.block = block;
        p.reached = reached;
        p.threads = uint32_t(threads.size());
        const auto first = std::find(r.threads.begin(), r.threads.end(), 1);
        const auto last = std::find(r.threads.rbegin(), r.threads.rend(), 1);
        p.first = threads[size_t(first - r.threads.begin())].state.coords.tIdx;
        p.last = threads[threads.size() - 1 - size_t(last - r.threads.rbegin())].state.coords.tIdx;
    }
}

/// Describes a group of threads by its first and last member and its size.
std::string groupText(const std::vector<const FiberThread*>& group) {
    std::string text = std::to_string(group.size()) + (group.size() == 1 ? " thread " : " threads ");
    text += "(" + coordText(group.front()->state.coords.tIdx) + ")";
    if (group.size() > 1) text += "..(" + coordText(group.back()->state.coords.tIdx) + ")";
    return text;
}

/// Records a barrier that not every live thread of the block reached.
void recordDivergence(const std::vector<FiberThread>& threads, const uint3& block) {
    std::map<int, std::vector<const FiberThread*>> waiting;
    std::vector<const FiberThread*> exited;
    for (const auto& t : threads) {
        if (t.done) exited.push_back(&t);
        else waiting[t.waitLine].push_back(&t);
    }
    std::vector<int> lines;
    std::string split;
    for (const auto& [line, group] : waiting) {
        lines.push_back(line);
        if (!split.empty()) split += "; ";
        split += groupText(group) + " wait at line " + std::to_string(line);
    }
    if (!exited.empty()) {
        lines.push_back(0);
        split += "; " + groupText(exited) + " finished without reaching it";
    }
    Divergence& d = stats().divergences[lines];
    if (d.count++ == 0) {
        d.split = split;
        d.block = block;
        d.lines = lines;
    }
}

/// Records a warp intrinsic whose lanes waited for lanes that never came
/// (they wait at a block barrier or at another warp intrinsic).
void recordWarpDivergence(const std::vector<FiberThread>& threads, size_t warp, const uint3& block) {
    const WarpState& w = warps[warp];
    std::vector<const FiberThread*> arrived, elsewhere;
    int line = 0, otherLine = 0;
    WarpOp op = WarpOp::Sync;
    for (uint32_t lane = 0; lane < 32 && warp * 32 + lane < threads.size(); ++lane) {
        const FiberThread& t = threads[warp * 32 + lane];
        if (w.arrived >> lane & 1u) {
            arrived.push_back(&t);
            line = w.calls[lane].line;
            op = w.calls[lane].op;
        } else if (!t.done) {
            elsewhere.push_back(&t);
            otherLine = t.waitLine;
        }
    }
    if (arrived.empty()) return;
    std::string split = groupText(arrived) + " wait at " + warpOpName(op) + " at line " + std::to_string(line);
    if (!elsewhere.empty()) split += "; " + groupText(elsewhere) + " of the same warp wait at line " + std::to_string(otherLine);
    std::vector<int> lines = {line, otherLine, -1};  // -1 marks a warp intrinsic
    Divergence& d = stats().divergences[lines];
    if (d.count++ == 0) {
        d.split = split;
        d.block = block;
        d.lines = {line};
        d.warp = true;
    }
}

/// Completes every group of lanes of `warp` whose mask is satisfied: each
/// member gets its result and may go on.
void completeWarpGroups(std::vector<FiberThread>& threads, size_t warp) {
    WarpState& w = warps[warp];
    for (uint32_t pending = w.arrived; pending;) {
        const uint32_t lane = uint32_t(__builtin_ctz(pending));
        const uint32_t group = (w.calls[lane].mask & w.live) | (1u << lane);
        pending &= ~(1u << lane);
        if (group & ~w.arrived) continue;  // a lane it waits for is not there yet
        bool syncs = false;
        for (uint32_t g = group; g; g &= g - 1) {
            const uint32_t l = uint32_t(__builtin_ctz(g));
            FiberThread& t = threads[warp * 32 + l];
            t.warpResult = warpResult(w.calls, group, int(l));
            t.wait = Wait::None;
            syncs |= w.calls[l].op == WarpOp::Sync;
        }
        if (syncs) {  // __syncwarp orders the members' shared-memory accesses
            ++w.generation;
            for (uint32_t g = group; g; g &= g - 1) threads[warp * 32 + uint32_t(__builtin_ctz(g))].state.warpSync = w.generation;
        }
        w.arrived &= ~group;
        pending &= ~group;
    }
}

/// Lets lanes that wait at a warp intrinsic nobody else will reach go on
/// (recorded as divergent); true when any did.
bool releaseStuckWarps(std::vector<FiberThread>& threads, const uint3& block) {
    bool released = false;
    for (size_t warp = 0; warp < warps.size(); ++warp) {
        WarpState& w = warps[warp];
        if (!w.arrived) continue;
        recordWarpDivergence(threads, warp, block);
        const uint32_t live = w.live;
        w.live = w.arrived;  // the absent lanes do not count for this release
        for (uint32_t lane = 0; lane < 32; ++lane)
            if (w.arrived >> lane & 1u) w.calls[lane].mask &= w.arrived;
        completeWarpGroups(threads, warp);
        w.live = live;
        released = true;
    }
    return released;
}

/// Adds a finished block's loads and stores to its launch's traffic. Only
/// full blocks (every thread stored to global memory) count for the
/// per-thread figures that judge uneven loading: at the matrix's edges a
/// guarded-off thread rightly loads nothing.
void recordBlockTraffic(const std::vector<FiberThread>& threads, LaunchStats& launch) {
    bool full = true;
    for (const auto& t : threads) {
        uint32_t stores = 0;
        for (int b = 0; b < kMaxBuffers; ++b) stores += t.state.writes[b];
        full &= stores > 0;
    }
    launch.fullBlocks += full;
    for (const auto& t : threads) {
        for (int b = 0; b < kMaxBuffers; ++b) {
            BufferTraffic& traffic = launch.traffic[b];
            const uint32_t reads = t.state.reads[b];
            traffic.readWords += reads;
            traffic.writeWords += t.state.writes[b];
            if (!reads && !t.state.writes[b] && traffic.minAnyThreadReads == UINT32_MAX && !traffic.readWords) continue;
            traffic.minAnyThreadReads = std::min(traffic.minAnyThreadReads, reads);
            traffic.maxAnyThreadReads = std::max(traffic.maxAnyThreadReads, reads);
            if (!full) continue;
            traffic.minThreadReads = std::min(traffic.minThreadReads, reads);
            traffic.maxThreadReads = std::max(traffic.maxThreadReads, reads);
        }
    }
}

/// Runs `t` until it waits or ends; keeps its warp's bookkeeping.
void step(std::vector<FiberThread>& threads, FiberThread& t, Stacks& s) {
    runningFiber = &t;
    currentThread = &t.state;
    current = &t.state.coords;
    threadIdx = t.state.coords.tIdx;
    hookThread = tilemapArmed ? kSlowHooks : t.state.linear;
    resume(t, s);
    const size_t warp = t.state.linear / 32;
    if (t.done) {
        warps[warp].live &= ~(1u << (t.state.linear % 32));
        if (warps[warp].arrived) completeWarpGroups(threads, warp);  // a waiting group may no longer need it
    } else if (t.wait == Wait::Warp) {
        completeWarpGroups(threads, warp);
    }
}

/// CUEMU_THREAD_ORDER=warps-reversed: the other order a result must not depend on (the correctness
/// check's second run of a racy kernel): one warp at a time, the last first, each to its next block barrier.
const bool warpsReversed = [] {
    const char* order = std::getenv("CUEMU_THREAD_ORDER");
    return order && std::string(order) == "warps-reversed";
}();

void runBlock(std::vector<FiberThread>& threads, const uint3& block, void (*body)(void*), void* arg,
              LaunchStats& launch) {
    epochCounter += 2;  // the epoch before a block's first is its "initialized" mark (blockInitEpoch)
    blockEpochCounter = epochCounter;
    for (auto& t : threads) {
        t.started = false;
        t.done = false;
        t.wait = Wait::None;
        t.state.barriers = 0;
        t.state.warpSync = 0;
        std::fill(std::begin(t.state.reads), std::end(t.state.reads), 0);
        std::fill(std::begin(t.state.writes), std::end(t.state.writes), 0);
        t.state.coords.bIdx = block;
    }
    warps.assign((threads.size() + 31) / 32, WarpState{});
    for (size_t i = 0; i < threads.size(); ++i) warps[i / 32].live |= 1u << (i % 32);
    blockIdx = block;
    blockBody = body;
    blockArg = arg;
    Stacks& s = stacks();
    reach.clear();
    bool diverged = false;
    while (true) {
        bool anyRunnable = true;
        while (anyRunnable) {
            if (warpsReversed) {  // one warp at a time, the last first: each runs to its next block barrier
                for (size_t w = warps.size(); w-- > 0;) {
                    for (bool progressed = true; progressed;) {
                        progressed = false;
                        for (size_t i = w * 32; i < std::min(threads.size(), w * 32 + 32); ++i) {
                            if (threads[i].done || threads[i].wait != Wait::None) continue;
                            step(threads, threads[i], s);
                            progressed = true;
                        }
                    }
                }
            } else {
                for (auto& t : threads)
                    if (!t.done && t.wait == Wait::None) step(threads, t, s);
            }
            anyRunnable = false;  // lanes a warp intrinsic released during the pass go on in another
            for (const auto& t : threads) anyRunnable |= !t.done && t.wait == Wait::None;
            if (!anyRunnable) anyRunnable = releaseStuckWarps(threads, block);
        }
        runningFiber = nullptr;
        currentThread = nullptr;
        current = nullptr;
        hookThread = kSlowHooks;
        bool anyWaiting = false;
        int count = 0;
        for (const auto& t : threads) {
            anyWaiting |= !t.done;
            count += !t.done && t.predicate;
        }
        if (!anyWaiting) break;
        if (!countArrivals(threads, launch)) {
            recordDivergence(threads, block);
            diverged = true;
        }
        for (auto& t : threads) {
            t.wait = Wait::None;
            t.predicate = count;
        }
        ++epochCounter;
    }
    for (const auto& t : threads) {
        launch.minThreadBarriers = std::min(launch.minThreadBarriers, t.state.barriers);
        launch.maxThreadBarriers = std::max(launch.maxThreadBarriers, t.state.barriers);
    }
    if (diverged) recordPartialBarriers(threads, block);
    recordBlockTraffic(threads, launch);
    endBlockShared();
}

}  // namespace

uint32_t epochCounter = 1, blockEpochCounter = 1, launchCounter = 0;

std::string coordText(const uint3& t) {
    return std::to_string(t.x) + "," + std::to_string(t.y) + (t.z ? "," + std::to_string(t.z) : "");
}

std::string stackOverflowFaultLine() {
    return faultLineStart(FaultKind::StackOverflow) + " message=a CUDA thread overflowed its " + std::to_string(kRunStackBytes >> 20) +
           " MB stack (deep recursion or a huge local array; keep large per-thread data in global memory)";
}

cudaError_t validateLaunch(const LaunchConfig& c, size_t maxDynamicShared) {
    // CUDA 13 answers every invalid shape with cudaErrorInvalidValue at the launch
    // (measured on an H200, driver 580: bench/cuda_launch_errors.cu).
    const uint64_t threads = uint64_t(c.block.x) * c.block.y * c.block.z;
    if (c.grid.x == 0 || c.grid.y == 0 || c.grid.z == 0 || threads == 0) return cudaErrorInvalidValue;
    if (threads > 1024 || c.block.x > 1024 || c.block.y > 1024 || c.block.z > 64) return cudaErrorInvalidValue;
    if (c.grid.y > 65535 || c.grid.z > 65535) return cudaErrorInvalidValue;
    if (c.sharedBytes > maxDynamicShared) return cudaErrorInvalidValue;
    return cudaSuccess;
}

void setLastError(cudaError_t error);
void beforeLaunch(const LaunchConfig& config);

void runGrid(const LaunchConfig& config, void (*body)(void*), void* arg, const char* kernel) {
    if (runningFiber) unsupported("launching a kernel from device code (dynamic parallelism)");
    LaunchStats launch;
    launch.kernel = kernel;
    launch.grid = config.grid;
    launch.block = config.block;
    launch.sharedBytes = config.sharedBytes;
    launch.error = validateLaunch(config, dynamicSharedLimit());
    if (launch.error != cudaSuccess) {
        setLastError(launch.error);
        stats().launches.push_back(launch);
        return;
    }
    beforeLaunch(config);
    ++launchCounter;
    beginLaunchMemory();
    const dim3 b = config.block;
    static std::vector<FiberThread> threads;  // kept between launches: its pages are already there
    threads.assign(size_t(b.x) * b.y * b.z, FiberThread{});
    stacks().arenaUsed = 0;
    watchStackOverflow();
    for (uint32_t i = 0; i < threads.size(); ++i) {
        ThreadState& s = threads[i].state;
        s.linear = i;
        s.coords.tIdx = coordsOf(i, b);
        s.coords.bDim = b;
        s.coords.gDim = config.grid;
    }
    blockDim = b;
    gridDim = config.grid;
    launch.threads = uint64_t(threads.size()) * config.grid.x * config.grid.y * config.grid.z;
    stats().launches.push_back(launch);
    LaunchStats& recorded = stats().launches.back();
    for (uint32_t z = 0; z < config.grid.z; ++z)
        for (uint32_t y = 0; y < config.grid.y; ++y)
            for (uint32_t x = 0; x < config.grid.x; ++x) {
                beginBlockShared(config.sharedBytes);
                runBlock(threads, uint3{x, y, z}, body, arg, recorded);
            }
    unwatchStackOverflow();
    endLaunchMemory(recorded);
}

/// Suspends the running thread until the scheduler resumes it.
static void suspend(Wait why, int line) {
    FiberThread* t = runningFiber;
    t->wait = why;
    t->waitLine = line;
#ifndef __wasm__
    schedulerContext = fc::jump_fcontext(schedulerContext, nullptr).fctx;
#else
    wasmfiber::suspend(t->state.linear);
#endif
}

void syncthreads(int line) {
    FiberThread* t = runningFiber;
    if (!t) return;  // host code: nothing to wait for
    ++t->state.barriers;  // arrivals per line are counted by the scheduler
    t->predicate = 0;
    suspend(Wait::Barrier, line);
}

int syncthreadsCount(int predicate, int line) {
    FiberThread* t = runningFiber;
    if (!t) unsupported("__syncthreads_count/and/or in host code", line);
    ++t->state.barriers;
    t->predicate = predicate;
    suspend(Wait::Barrier, line);
    const int count = t->predicate;
    t->predicate = 0;
    return count;
}

uint64_t warpCollective(WarpOp op, uint32_t mask, uint64_t value, uint32_t b, uint32_t c, int line) {
    FiberThread* t = runningFiber;
    if (!t) unsupported((std::string(warpOpName(op)) + " in host code").c_str(), line);
    const uint32_t lane = t->state.linear % 32;
    WarpState& w = warps[t->state.linear / 32];
    w.calls[lane] = WarpCall{op, mask, value, b, c, line};
    w.arrived |= 1u << lane;
    suspend(Wait::Warp, line);
    return t->warpResult;
}

uint32_t activeLanes() {
    FiberThread* t = runningFiber;
    return t ? warps[t->state.linear / 32].live : 1u;
}

uint32_t laneIndex() { return runningFiber ? runningFiber->state.linear % 32 : 0; }
uint32_t warpIndex() { return runningFiber ? runningFiber->state.linear / 32 : 0; }

}  // namespace cuemu

// The built-in variables of the running CUDA thread.
uint3 threadIdx;
uint3 blockIdx;
dim3 blockDim;
dim3 gridDim;
