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
std::vector<std::pair<double, double>> contextSpans;  ///< GPU children's starts, in seconds of the steady clock
std::vector<std::pair<double, double>> aloneSpans;    ///< turns alone, likewise

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

void addContextStart(std::chrono::steady_clock::time_point spawned, std::chrono::steady_clock::time_point ready) {
    if (ready < spawned || ready > std::chrono::steady_clock::now()) return;
    std::lock_guard<std::mutex> lock(ledgerMutex);
    contextSpans.emplace_back(clockSeconds(spawned), clockSeconds(ready));
}

void addAloneSpan(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    aloneSpans.emplace_back(clockSeconds(from), clockSeconds(to));
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

DeviceSpans deviceSpans() {
    std::lock_guard<std::mutex> lock(ledgerMutex);
    DeviceSpans spans;
    spans.contextStarts = static_cast<int>(contextSpans.size());
    for (const auto& [begin, end] : contextSpans) spans.contextSeconds += end - begin;
    spans.startingSeconds = coveredSeconds(contextSpans);
    spans.aloneSeconds = coveredSeconds(aloneSpans);
    std::vector<std::pair<double, double>> both = contextSpans;
    both.insert(both.end(), aloneSpans.begin(), aloneSpans.end());
    spans.eitherSeconds = coveredSeconds(std::move(both));
    return spans;
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
