// The process-wide ledger of grading time (see time_profile.h).
#include "backend/time_profile.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "core/sandbox.h"

namespace grader {

namespace {

std::mutex ledgerMutex;
std::map<std::string, LessonTime> ledger;
std::set<std::string> gpuExecutablesRun;
double startCost = 0;
/// One device's spans, in seconds of the steady clock.
struct DeviceLedger {
    std::vector<std::pair<double, double>> spawnToContext;  ///< each child: spawned to its context ready
    std::vector<std::pair<double, double>> contexts;        ///< each child: its call that made its context
    std::vector<std::pair<double, double>> alone;           ///< turns alone
    std::vector<std::pair<double, double>> draining;        ///< timed runs' waits for a turn alone
    std::vector<std::pair<double, double>> sharedWork;      ///< shared turns, up to the child's GPU work's end
    std::vector<std::pair<double, double>> sharedTails;     ///< shared turns, after the child's GPU work's end
};
std::map<std::string, DeviceLedger> devices;

double clockSeconds(std::chrono::steady_clock::time_point at) { return std::chrono::duration<double>(at.time_since_epoch()).count(); }

}  // namespace

const char* timeUseKey(TimeUse use) {
    switch (use) {
        case TimeUse::Compile: return "compile";
        case TimeUse::Emulator: return "emulator";
        case TimeUse::GpuShared: return "gpu_shared";
        case TimeUse::GpuExclusive: return "gpu_exclusive";
        case TimeUse::Waiting: return "waiting";
        case TimeUse::SandboxStart: return "sandbox_start";
        case TimeUse::GpuNoTurn: return "gpu_no_turn";
    }
    return "compile";
}

void setSandboxStartCost(double seconds) {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    startCost = std::max(0.0, seconds);
}

double sandboxStartCost() {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    return startCost;
}

void addTime(const std::string& lesson, TimeUse use, double seconds) {
    if (lesson.empty()) return;
    std::lock_guard<std::mutex> lock(ledgerMutex);
    ledger[lesson][use] += seconds;
}

void countFor(const std::string& lesson, void (*change)(LessonTime&)) {
    if (lesson.empty()) return;
    std::lock_guard<std::mutex> lock(ledgerMutex);
    change(ledger[lesson]);
}

void countGpuRun(const std::string& lesson, const std::string& executable) {
    if (lesson.empty()) return;
    std::lock_guard<std::mutex> lock(ledgerMutex);
    LessonTime& time = ledger[lesson];
    ++time.gpuProcesses;
    if (gpuExecutablesRun.insert(executable).second) ++time.gpuBuilds;
}

void addContextStart(const std::string& device, std::chrono::steady_clock::time_point spawned,
                     std::chrono::steady_clock::time_point begun, std::chrono::steady_clock::time_point ready) {
    if (begun < spawned || ready < begun || ready > std::chrono::steady_clock::now()) return;
    std::lock_guard<std::mutex> lock(ledgerMutex);
    DeviceLedger& onDevice = devices[device];
    onDevice.spawnToContext.emplace_back(clockSeconds(spawned), clockSeconds(ready));
    onDevice.contexts.emplace_back(clockSeconds(begun), clockSeconds(ready));
}

void addAloneSpan(const std::string& device, std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    devices[device].alone.emplace_back(clockSeconds(from), clockSeconds(to));
}

void addDrainSpan(const std::string& device, std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    devices[device].draining.emplace_back(clockSeconds(from), clockSeconds(to));
}

void addSharedHolds(const std::string& device,
                    const std::vector<std::pair<std::chrono::steady_clock::time_point, std::chrono::steady_clock::time_point>>& holds,
                    std::optional<std::chrono::steady_clock::time_point> workEnded) {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    DeviceLedger& onDevice = devices[device];
    for (const auto& [from, to] : holds) {
        const auto split = workEnded ? std::clamp(*workEnded, from, to) : to;
        onDevice.sharedWork.emplace_back(clockSeconds(from), clockSeconds(split));
        if (split < to) onDevice.sharedTails.emplace_back(clockSeconds(split), clockSeconds(to));
    }
}

double tailsOnlySeconds(const std::vector<std::pair<double, double>>& waits, const std::vector<std::pair<double, double>>& tails,
                        const std::vector<std::pair<double, double>>& work) {
    struct Edge {
        double at;
        int kind;  ///< 0 a wait, 1 a tail, 2 work
        int step;  ///< +1 a span begins, -1 it ends
    };
    std::vector<Edge> edges;
    int kind = 0;
    for (const auto* spans : {&waits, &tails, &work}) {
        for (const auto& [begin, end] : *spans)
            if (begin < end) edges.insert(edges.end(), {{begin, kind, +1}, {end, kind, -1}});
        ++kind;
    }
    std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return a.at < b.at; });
    int open[3] = {0, 0, 0};
    double seconds = 0;
    for (size_t i = 0; i < edges.size(); ++i) {
        open[edges[i].kind] += edges[i].step;
        if (i + 1 < edges.size() && open[0] > 0 && open[1] > 0 && open[2] == 0) seconds += edges[i + 1].at - edges[i].at;
    }
    return seconds;
}

double coveredSeconds(std::vector<std::pair<double, double>> spans) {
    std::sort(spans.begin(), spans.end());
    double covered = 0, reach = -1e300;  // `reach`: where the spans taken so far end
    for (const auto& [begin, end] : spans) {
        if (end <= begin || end <= reach) continue;
        covered += end - std::max(begin, reach);
        reach = end;
    }
    return covered;
}

namespace {

double summed(const std::vector<std::pair<double, double>>& spans) {
    double sum = 0;
    for (const auto& [begin, end] : spans) sum += end - begin;
    return sum;
}

double coveredTogether(std::vector<std::pair<double, double>> one, const std::vector<std::pair<double, double>>& other) {
    one.insert(one.end(), other.begin(), other.end());
    return coveredSeconds(std::move(one));
}

}  // namespace

std::map<std::string, DeviceSpans> deviceSpans() {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    std::map<std::string, DeviceSpans> byDevice;
    for (const auto& [label, noted] : devices) {
        DeviceSpans& spans = byDevice[label];
        spans.contextStarts = static_cast<int>(noted.contexts.size());
        spans.spawnToContextSeconds = summed(noted.spawnToContext);
        spans.contextSeconds = summed(noted.contexts);
        spans.contextCoveredSeconds = coveredSeconds(noted.contexts);
        spans.aloneSeconds = coveredSeconds(noted.alone);
        spans.contextOrAloneSeconds = coveredTogether(noted.contexts, noted.alone);
        spans.drainingSeconds = coveredSeconds(noted.draining);
        spans.drainingOrAloneSeconds = coveredTogether(noted.draining, noted.alone);
        spans.drainingBehindTailsSeconds = tailsOnlySeconds(noted.draining, noted.sharedTails, noted.sharedWork);
    }
    return byDevice;
}

std::map<std::string, LessonTime> timeProfile() {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    return ledger;
}

TimedSpan::TimedSpan(std::string lesson, TimeUse use)
    : lesson_(std::move(lesson)), use_(use), start_(std::chrono::steady_clock::now()), startsBefore_(sandboxedStartsOnThisThread()) {}

TimedSpan::~TimedSpan() {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const long starts = sandboxedStartsOnThisThread() - startsBefore_;
    double cost;
    {
        std::lock_guard<std::mutex> lock(ledgerMutex);
        cost = std::min(seconds, starts * startCost);
    }
    addTime(lesson_, TimeUse::SandboxStart, cost);
    addTime(lesson_, use_, seconds - cost);
}

}  // namespace grader
