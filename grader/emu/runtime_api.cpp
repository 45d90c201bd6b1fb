// The runtime's timing and ordering calls, emulated on a virtual clock:
// kernel launches are asynchronous and take known times; each stream keeps
// its own queue, ordered as CUDA orders them (the legacy default stream
// waits for every blocking stream and they for it; a non-blocking stream
// waits for neither), and the device runs one kernel at a time. So events,
// stream queries and host timers measure what they would on a GPU machine:
// an event recorded on a stream measures that stream's work. Also the
// harness's control of that clock (harness_api.h) and the device-wide
// synchronize and reset.
// Non-goals: kernels of two streams overlapping on the device, stream
// capture and graphs.
#include <sys/time.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>

#include "cuemu/harness_api.h"
#include "memory.h"
#include "runtime_internal.h"
#include "scheduler.h"

/// An event: where in the queue it was recorded, and how it was created.
struct CUevent_st {
    bool recorded = false;
    double timestampMs = 0;
    unsigned int flags = cudaEventDefault;
};

/// A stream: its creation flags, priority, and when the work queued on it so far completes.
struct CUstream_st {
    unsigned int flags = cudaStreamDefault;
    int priority = 0;
    double tailMs = 0;
};

namespace cuemu {

namespace {

int resets = 0;           ///< cudaDeviceReset calls
int elapsedNotReady = 0;  ///< cudaEventElapsedTime calls made before the end event completed
std::set<const CUevent_st*> liveEvents;
std::set<CUstream_st*> liveStreams;

constexpr int kLeastPriority = 0, kGreatestPriority = -5;  ///< an H200's stream priority range

/// The legacy default stream (0, cudaStreamLegacy) and the per-thread one (cudaStreamPerThread).
CUstream_st legacyStream, perThreadStream;

/// The virtual clock: launches are asynchronous and take known times.
struct VirtualClock {
    double hostMs = 0;
    double deviceFreeMs = 0;
    double firstCostMs = 1.0;
    double laterCostMs = 1.0;
    int launches = 0;
    static constexpr double kLaunchOverheadMs = 0.004;
    static constexpr double kQueryMs = 0.001;

    /// When the work an operation queued on `s` now must wait for completes.
    double readyAfter(const CUstream_st* s) const {
        if (s == &legacyStream) {  // the legacy stream waits for every blocking stream
            double ready = std::max(legacyStream.tailMs, perThreadStream.tailMs);
            for (const CUstream_st* other : liveStreams)
                if (!(other->flags & cudaStreamNonBlocking)) ready = std::max(ready, other->tailMs);
            return ready;
        }
        if (s->flags & cudaStreamNonBlocking) return s->tailMs;
        return std::max(s->tailMs, legacyStream.tailMs);  // a blocking stream waits for the legacy stream
    }
    void launch(CUstream_st* s) {
        const double start = std::max({hostMs, deviceFreeMs, readyAfter(s)});
        deviceFreeMs = s->tailMs = start + (launches == 0 ? firstCostMs : laterCostMs);
        hostMs += kLaunchOverheadMs;
        ++launches;
    }
    /// Where an event recorded on `s` now completes; later work on `s` follows it.
    double record(CUstream_st* s) {
        const double at = std::max(hostMs, readyAfter(s));
        s->tailMs = std::max(s->tailMs, at);
        return at;
    }
    /// Every stream's work done.
    double allDoneMs() const { return std::max(deviceFreeMs, readyAfter(&legacyStream)); }
    void waitForDevice() { hostMs = std::max(hostMs, allDoneMs()); }
    /// Whether work ending at `ms` is done; asking takes host time, so a polling loop ends as on a GPU.
    bool poll(double ms) {
        if (hostMs >= ms) return true;
        hostMs += kQueryMs;
        return false;
    }
} virtualClock;

bool validEvent(cudaEvent_t event) { return event && liveEvents.count(event); }

/// The default stream (0, cudaStreamLegacy, cudaStreamPerThread) or a live created one.
bool validStream(cudaStream_t stream) {
    return !stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread || liveStreams.count(stream);
}

/// The queue behind a valid stream handle.
CUstream_st* queueOf(cudaStream_t stream) {
    if (!stream || stream == cudaStreamLegacy) return &legacyStream;
    if (stream == cudaStreamPerThread) return &perThreadStream;
    return stream;
}

}  // namespace

void beforeLaunch(const LaunchConfig& config) {
    virtualClock.launch(validStream(config.stream) ? queueOf(config.stream) : &legacyStream);
}
void waitForDevice() { virtualClock.waitForDevice(); }

std::string writtenMapOf(const char* name, unsigned long elements) { return writtenMap(name, elements); }
void setVirtualLaunchCost(double firstMs, double laterMs) {
    virtualClock.firstCostMs = firstMs;
    virtualClock.laterCostMs = laterMs;
}
void resetVirtualClock() {
    virtualClock = VirtualClock{0, 0, virtualClock.firstCostMs, virtualClock.laterCostMs, 0};
    legacyStream.tailMs = perThreadStream.tailMs = 0;
    for (CUstream_st* s : liveStreams) s->tailMs = 0;
}
int virtualLaunchCount() { return virtualClock.launches; }
int deviceResets() { return resets; }
int liveEventCount() { return static_cast<int>(liveEvents.size()); }
double virtualHostMs() { return virtualClock.hostMs; }

void writeEventSummary(std::FILE* record) { std::fprintf(record, "events elapsed_not_ready=%d\n", elapsedNotReady); }

}  // namespace cuemu

using cuemu::recordError;
using cuemu::virtualClock;

cudaError_t cudaDeviceSynchronize() {
    virtualClock.waitForDevice();
    return cuemu::stickyError();
}

cudaError_t cudaDeviceReset() {
    virtualClock.waitForDevice();
    cuemu::clearStickyError();
    cuemu::resetDeviceSettings();
    // The primary context goes, and with it every buffer, event and stream
    // anyone made: the caller's handles now name nothing.
    cuemu::releaseDeviceAllocations();
    ++cuemu::resets;
    cuemu::liveEvents.clear();
    cuemu::liveStreams.clear();
    return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
    const unsigned int known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
    if (!event || (flags & ~known) || ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming)))
        return recordError(cudaErrorInvalidValue);
    *event = new CUevent_st{false, 0, flags};
    cuemu::liveEvents.insert(*event);
    return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) { return cudaEventCreateWithFlags(event, flags); }
cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
    if (!cuemu::validEvent(event) || !cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    if (flags & ~unsigned(cudaEventRecordExternal)) return recordError(cudaErrorInvalidValue);
    if (const cudaError_t sticky = cuemu::stickyError()) return sticky;
    event->recorded = true;
    event->timestampMs = virtualClock.record(cuemu::queueOf(stream));
    return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
    return cudaEventRecordWithFlags(event, stream, cudaEventRecordDefault);
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
    if (!cuemu::validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
    return virtualClock.poll(event->timestampMs) ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    if (!cuemu::validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
    if (event->recorded) virtualClock.hostMs = std::max(virtualClock.hostMs, event->timestampMs);
    return cuemu::stickyError();
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
    if (!ms) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validEvent(start) || !cuemu::validEvent(end)) return recordError(cudaErrorInvalidResourceHandle);
    if ((start->flags | end->flags) & cudaEventDisableTiming) return recordError(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded) return recordError(cudaErrorInvalidResourceHandle);
    if (virtualClock.hostMs < start->timestampMs || virtualClock.hostMs < end->timestampMs) {
        ++cuemu::elapsedNotReady;
        return recordError(cudaErrorNotReady);
    }
    *ms = static_cast<float>(end->timestampMs - start->timestampMs);
    return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
    if (!cuemu::validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
    cuemu::liveEvents.erase(event);
    delete event;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority) {
    if (!stream || (flags & ~unsigned(cudaStreamNonBlocking))) return recordError(cudaErrorInvalidValue);
    priority = std::clamp(priority, cuemu::kGreatestPriority, cuemu::kLeastPriority);
    *stream = new CUstream_st{flags, priority};
    cuemu::liveStreams.insert(*stream);
    return cudaSuccess;
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
    return cudaStreamCreateWithPriority(stream, flags, cuemu::kLeastPriority);
}
cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    if (!stream || !cuemu::liveStreams.count(stream)) return recordError(cudaErrorInvalidResourceHandle);
    cuemu::liveStreams.erase(stream);
    delete stream;
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    virtualClock.hostMs = std::max(virtualClock.hostMs, cuemu::queueOf(stream)->tailMs);
    return cuemu::stickyError();
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    return virtualClock.poll(cuemu::queueOf(stream)->tailMs) ? cuemu::stickyError() : cudaErrorNotReady;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    if (!cuemu::validStream(stream) || !cuemu::validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
    if (flags & ~unsigned(cudaEventWaitExternal)) return recordError(cudaErrorInvalidValue);
    CUstream_st* queue = cuemu::queueOf(stream);
    if (event->recorded) queue->tailMs = std::max(queue->tailMs, event->timestampMs);
    return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
    if (!priority) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    *priority = cuemu::liveStreams.count(stream) ? stream->priority : cuemu::kLeastPriority;
    return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
    if (!flags) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    *flags = cuemu::liveStreams.count(stream) ? stream->flags : cudaStreamDefault;
    return cudaSuccess;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void*, size_t, unsigned int) {
    return cuemu::validStream(stream) ? cudaSuccess : recordError(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* userData,
                                  unsigned int flags) {
    if (!callback || flags != 0) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    callback(stream, cuemu::stickyError(), userData);  // the earlier work has already run on the CPU
    return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData) {
    if (!fn) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    fn(userData);
    return cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attr, const cudaStreamAttrValue* value) {
    if (!value) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    if (attr == cudaLaunchAttributePriority && cuemu::liveStreams.count(stream))
        stream->priority = std::clamp(value->priority, cuemu::kGreatestPriority, cuemu::kLeastPriority);
    return cudaSuccess;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attr, cudaStreamAttrValue* value) {
    if (!value) return recordError(cudaErrorInvalidValue);
    if (!cuemu::validStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
    *value = cudaStreamAttrValue{};
    if (attr == cudaLaunchAttributePriority && cuemu::liveStreams.count(stream)) value->priority = stream->priority;
    return cudaSuccess;
}

cudaError_t cudaCtxResetPersistingL2Cache() { return cudaSuccess; }

cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
    if (leastPriority) *leastPriority = cuemu::kLeastPriority;
    if (greatestPriority) *greatestPriority = cuemu::kGreatestPriority;
    return cudaSuccess;
}

// The host clocks a student may time with (std::chrono, clock_gettime,
// gettimeofday) read the virtual host clock, so a host timer around
// asynchronous launches measures what it would on a GPU machine: the launch
// calls, not the kernels, unless the code synchronizes first.
extern "C" int clock_gettime(clockid_t, struct timespec* ts) {
    const double ms = 1.0e6 + virtualClock.hostMs;  // an arbitrary epoch, far from zero
    ts->tv_sec = static_cast<time_t>(ms / 1000);
    ts->tv_nsec = static_cast<long>((ms - static_cast<double>(ts->tv_sec) * 1000.0) * 1.0e6);
    return 0;
}

extern "C" int gettimeofday(struct timeval* tv, void*) {
    const double ms = 1.0e6 + virtualClock.hostMs;
    tv->tv_sec = static_cast<time_t>(ms / 1000);
    tv->tv_usec = static_cast<suseconds_t>((ms - static_cast<double>(tv->tv_sec) * 1000.0) * 1.0e3);
    return 0;
}
