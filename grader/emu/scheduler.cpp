// The fiber scheduler: one boost.context fiber per CUDA thread, run in
// rounds; each round runs every live thread up to its next barrier.
#include "scheduler.h"

#include <sys/mman.h>

#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>
#include <string>
#include <vector>

#include "memory.h"
#include "stats.h"

namespace ctx = boost::context;

namespace cuemu {

thread_local const ThreadCoords* current = nullptr;
thread_local ThreadState* currentThread = nullptr;

namespace {

constexpr size_t kStackBytes = 64 * 1024;
constexpr size_t kMaxThreads = 1024;
constexpr uint64_t kCanary = 0x5AFEC0DE5AFEC0DEull;
constexpr size_t kCanaryWords = 8;

/// Fiber stacks for up to 1024 threads in one mapping, reused across
/// blocks. Each stack's lowest bytes hold a canary, checked when its thread
/// finishes, so a kernel that overflows its stack is reported.
/// (One mapping and no guard pages: a block starts in microseconds.)
class StackPool {
public:
    ctx::stack_context allocate() {
        if (!slab_) {
            void* base = mmap(nullptr, kStackBytes * kMaxThreads, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (base == MAP_FAILED) fault("fault kind=resources message=cannot allocate the fiber stacks");
            slab_ = static_cast<char*>(base);
            for (size_t i = kMaxThreads; i-- > 0;) free_.push_back(slab_ + i * kStackBytes);
        }
        if (free_.empty()) fault("fault kind=resources message=more than 1024 fibers at once");
        char* bottom = free_.back();
        free_.pop_back();
        auto* canary = reinterpret_cast<uint64_t*>(bottom);
        for (size_t i = 0; i < kCanaryWords; ++i) canary[i] = kCanary;
        ctx::stack_context sc;
        sc.sp = bottom + kStackBytes;
        sc.size = kStackBytes;
        return sc;
    }
    void deallocate(ctx::stack_context& sc) {
        char* bottom = static_cast<char*>(sc.sp) - kStackBytes;
        const auto* canary = reinterpret_cast<const uint64_t*>(bottom);
        for (size_t i = 0; i < kCanaryWords; ++i)
            if (canary[i] != kCanary)
                fault("fault kind=unsupported message=a CUDA thread overflowed its 64 KB stack (deep recursion or a huge local array)");
        free_.push_back(bottom);
    }

private:
    char* slab_ = nullptr;
    std::vector<char*> free_;
};

/// boost.context's StackAllocator concept over the shared pool.
struct PooledStack {
    StackPool* pool;
    ctx::stack_context allocate() { return pool->allocate(); }
    void deallocate(ctx::stack_context& sc) { pool->deallocate(sc); }
};

struct FiberThread {
    ThreadState state;
    ctx::fiber self;  ///< the thread, while suspended
    ctx::fiber sink;  ///< the scheduler, while the thread runs
    bool started = false;
    bool done = false;
    int waitLine = 0;
};

StackPool& stackPool() {
    static StackPool pool;
    return pool;
}

thread_local FiberThread* runningFiber = nullptr;

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

/// Records a barrier that not every live thread of the block reached.
void recordDivergence(const std::vector<FiberThread>& threads, const uint3& block) {
    std::map<int, std::vector<const FiberThread*>> waiting;
    std::vector<const FiberThread*> exited;
    for (const auto& t : threads) {
        if (t.done) exited.push_back(&t);
        else waiting[t.waitLine].push_back(&t);
    }
    if (waiting.size() == 1 && exited.empty()) return;
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
    while (true) {
        for (auto& t : threads) {
            if (t.done) continue;
            runningFiber = &t;
            currentThread = &t.state;
            current = &t.state.coords;
            if (!t.started) {
                t.started = true;
                FiberThread* self = &t;
                t.self = ctx::fiber(std::allocator_arg, PooledStack{&stackPool()},
                                    [self, body, arg](ctx::fiber&& sink) {
                                        self->sink = std::move(sink);
                                        body(arg);
                                        self->done = true;
                                        return std::move(self->sink);
                                    });
            }
            t.self = std::move(t.self).resume();
        }
        runningFiber = nullptr;
        currentThread = nullptr;
        current = nullptr;
        bool anyWaiting = false;
        for (const auto& t : threads) anyWaiting |= !t.done;
        if (!anyWaiting) break;
        recordDivergence(threads, block);
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
    std::vector<FiberThread> threads(size_t(b.x) * b.y * b.z);
    for (uint32_t i = 0; i < threads.size(); ++i) {
        ThreadState& s = threads[i].state;
        s.linear = i;
        s.coords.tIdx = {i % b.x, (i / b.x) % b.y, i / (b.x * b.y)};
        s.coords.bDim = b;
        s.coords.gDim = config.grid;
        registerBlockThread(i, s.coords.tIdx);
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
    endLaunchMemory(recorded);
}

void syncthreads(int line) {
    FiberThread* t = runningFiber;
    if (!t) return;  // host code: nothing to wait for
    t->waitLine = line;
    ++t->state.barriers;
    ++stats().launches.back().barrierSites[line];
    t->sink = std::move(t->sink).resume();
}

}  // namespace cuemu
