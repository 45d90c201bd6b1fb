// The fiber scheduler: one fiber per CUDA thread, run in rounds; each round
// runs every live thread up to its next barrier. All fibers execute on one
// run stack: a suspended thread's live frames (a few hundred bytes) are
// copied out to its save area and back in when it resumes. A block of 256
// threads then touches a few pages instead of 256 stacks, which is what a
// short launch costs most.
#include "scheduler.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/detail/fcontext.hpp>
#include <string>
#include <vector>

#include "memory.h"
#include "stats.h"
#include "tilemap.h"

namespace fc = boost::context::detail;

namespace cuemu {

thread_local const ThreadCoords* current = nullptr;
ThreadState* currentThread = nullptr;

namespace {

constexpr size_t kRunStackBytes = size_t(1) << 20;  // per CUDA thread (a GPU gives 1 KB by default)
constexpr size_t kGuardBytes = 64 * 1024;
constexpr size_t kSaveArenaBytes = size_t(4) << 30;  // address space only; pages appear when written

struct FiberThread {
    ThreadState state;
    fc::fcontext_t context = nullptr;  ///< where the suspended thread resumes (in the run stack)
    char* save = nullptr;              ///< its frames while suspended, in the save arena
    uint32_t savedBytes = 0, saveCapacity = 0;
    bool started = false;
    bool done = false;
    int waitLine = 0;
};

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

std::string overflowMessage;

Stacks& stacks() {
    static Stacks s = [] {
        Stacks made;
        void* run = mmap(nullptr, kGuardBytes + kRunStackBytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        // Reserved inaccessible (so it does not count against the child's data
        // limit) and opened a slice at a time as the threads' frames need it.
        void* arena = mmap(nullptr, kSaveArenaBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (run == MAP_FAILED || arena == MAP_FAILED) fault("fault kind=resources message=cannot allocate the fiber stacks");
        made.guard = static_cast<char*>(run);
        mprotect(made.guard, kGuardBytes, PROT_NONE);
        made.top = made.guard + kGuardBytes + kRunStackBytes;
        made.arena = static_cast<char*>(arena);
        overflowMessage = "fault kind=unsupported message=a CUDA thread overflowed its " +
                          std::to_string(kRunStackBytes >> 20) +
                          " MB stack (deep recursion or a huge local array; keep large per-thread data in global memory)";
        return made;
    }();
    return s;
}

struct sigaction hostSegfaultAction;
stack_t hostSignalStack;

void onSegfault(int, siginfo_t* info, void*) {
    const Stacks& s = stacks();
    const char* at = static_cast<const char*>(info->si_addr);
    if (at >= s.guard && at < s.guard + kGuardBytes) fault(overflowMessage);
    // Any other fault is not ours: the host's handler (or the default) sees it when the access repeats.
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
        fault("fault kind=resources message=the CUDA threads' stacks need more than 4 GB (huge local arrays)");
    if (s.arenaUsed + bytes > s.arenaOpen) {
        const size_t slice = size_t(1) << 20;
        const size_t open = std::min(kSaveArenaBytes, (s.arenaUsed + bytes + slice - 1) / slice * slice);
        if (mprotect(s.arena + s.arenaOpen, open - s.arenaOpen, PROT_READ | PROT_WRITE) != 0)
            fault("fault kind=resources message=out of memory for the CUDA threads' stacks (huge local arrays)");
        s.arenaOpen = open;
    }
    t.save = s.arena + s.arenaUsed;
    t.saveCapacity = uint32_t(bytes);
    s.arenaUsed += bytes;
    return t.save;
}

FiberThread* runningFiber = nullptr;
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

/// How a round ended: whether any thread still waits, and whether all live
/// threads wait at one barrier line (the usual case) with none finished.
struct RoundEnd {
    bool anyWaiting = false;
    bool uniform = true;
};

/// Counts the arrivals at each barrier line of a round (a line or two per kernel).
RoundEnd countArrivals(const std::vector<FiberThread>& threads, LaunchStats& launch) {
    RoundEnd end;
    bool anyDone = false;
    int lastLine = -1;
    uint64_t* lastCount = nullptr;
    for (const auto& t : threads) {
        if (t.done) {
            anyDone = true;
            continue;
        }
        if (t.waitLine != lastLine) {
            end.uniform = !end.anyWaiting;  // a second line: the threads are split
            lastLine = t.waitLine;
            lastCount = &launch.barrierSites[lastLine];
        }
        end.anyWaiting = true;
        ++*lastCount;
    }
    end.uniform = end.uniform && !anyDone;
    return end;
}

std::string coordText(const uint3& t) {
    return "(" + std::to_string(t.x) + "," + std::to_string(t.y) + (t.z ? "," + std::to_string(t.z) : "") + ")";
}

/// Describes a group of threads by its first and last member and its size.
std::string groupText(const std::vector<const FiberThread*>& group) {
    std::string text = std::to_string(group.size()) + (group.size() == 1 ? " thread " : " threads ");
    text += coordText(group.front()->state.coords.tIdx);
    if (group.size() > 1) text += ".." + coordText(group.back()->state.coords.tIdx);
    return text;
}

/// Records a barrier that not every live thread of the block reached (the round was not uniform).
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

void runBlock(std::vector<FiberThread>& threads, const uint3& block, void (*body)(void*), void* arg,
              LaunchStats& launch) {
    blockEpochCounter = ++epochCounter;
    for (auto& t : threads) {
        t.started = false;
        t.done = false;
        t.state.barriers = 0;
        std::fill(std::begin(t.state.reads), std::end(t.state.reads), 0);
        std::fill(std::begin(t.state.writes), std::end(t.state.writes), 0);
        t.state.coords.bIdx = block;
    }
    blockBody = body;
    blockArg = arg;
    Stacks& s = stacks();
    while (true) {
        for (auto& t : threads) {
            if (t.done) continue;
            runningFiber = &t;
            currentThread = &t.state;
            current = &t.state.coords;
            hookThread = tilemapArmed ? kSlowHooks : t.state.linear;
            resume(t, s);
        }
        runningFiber = nullptr;
        currentThread = nullptr;
        current = nullptr;
        hookThread = kSlowHooks;
        const RoundEnd end = countArrivals(threads, launch);
        if (!end.anyWaiting) break;
        if (!end.uniform) recordDivergence(threads, block);
        ++epochCounter;
    }
    for (const auto& t : threads) {
        launch.minThreadBarriers = std::min(launch.minThreadBarriers, t.state.barriers);
        launch.maxThreadBarriers = std::max(launch.maxThreadBarriers, t.state.barriers);
        for (int b = 0; b < kMaxBuffers; ++b) {
            BufferTraffic& traffic = launch.traffic[b];
            traffic.readWords += t.state.reads[b];
            traffic.writeWords += t.state.writes[b];
            if (t.state.reads[b] || t.state.writes[b] || traffic.minThreadReads != UINT32_MAX || traffic.readWords) {
                traffic.minThreadReads = std::min(traffic.minThreadReads, t.state.reads[b]);
                traffic.maxThreadReads = std::max(traffic.maxThreadReads, t.state.reads[b]);
            }
        }
    }
}

}  // namespace

uint32_t epochCounter = 1, blockEpochCounter = 1, launchCounter = 0;

cudaError_t validateLaunch(const LaunchConfig& c, size_t maxShared) {
    const uint64_t threads = uint64_t(c.block.x) * c.block.y * c.block.z;
    if (c.grid.x == 0 || c.grid.y == 0 || c.grid.z == 0 || threads == 0) return cudaErrorInvalidConfiguration;
    if (threads > 1024 || c.block.x > 1024 || c.block.y > 1024 || c.block.z > 64) return cudaErrorInvalidConfiguration;
    if (c.grid.y > 65535 || c.grid.z > 65535) return cudaErrorInvalidConfiguration;
    if (c.sharedBytes > maxShared) return cudaErrorInvalidValue;
    return cudaSuccess;
}

void setLastError(cudaError_t error);
void beforeLaunch(const LaunchConfig& config);

void runGrid(const LaunchConfig& config, void (*body)(void*), void* arg, const void* kernel) {
    if (runningFiber) unsupported("launching a kernel from device code (dynamic parallelism)");
    LaunchStats launch;
    launch.kernel = kernel;
    launch.grid = config.grid;
    launch.block = config.block;
    launch.sharedBytes = config.sharedBytes;
    launch.error = validateLaunch(config, 48 * 1024);
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

void syncthreads(int line) {
    FiberThread* t = runningFiber;
    if (!t) return;  // host code: nothing to wait for
    t->waitLine = line;
    ++t->state.barriers;  // arrivals per line are counted by the scheduler
    schedulerContext = fc::jump_fcontext(schedulerContext, nullptr).fctx;
}

}  // namespace cuemu
