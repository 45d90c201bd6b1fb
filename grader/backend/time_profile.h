// Where grading time goes: the backends add the seconds of every build and
// run to the lesson it was for, split into compile, emulator, GPU shared, GPU
// exclusive, a GPU child without a turn, waiting for a GPU turn and sandbox start, and count the processes
// they started; the sums run over the whole process (a batch: the class).
// The batch prints them and writes them with --profile. Apart from the lessons,
// the device's serial work: the spans in which a GPU child was starting its
// CUDA context (the driver starts a device's contexts one after another) or a
// child had the device alone, each measured and as the time covered by any.
// Non-goals: timing the student's kernels (the harness does), per-student times
// (the results hold each submission's seconds).
#pragma once

#include <array>
#include <chrono>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace grader {

/// What a span of grading time was spent on.
/// GpuNoTurn: a GPU child running while it holds no turn of the device (its CUDA context's creation, a
/// sanitizer's start-up and report, writing its records, its exit).
enum class TimeUse { Compile, Emulator, GpuShared, GpuExclusive, Waiting, SandboxStart, GpuNoTurn };
/// The number of TimeUse values.
inline constexpr int kTimeUses = 7;
/// "compile", "emulator", "gpu_shared", "gpu_exclusive", "waiting", "sandbox_start", "gpu_no_turn": the profile's keys.
const char* timeUseKey(TimeUse use);

/// One lesson's time and process counts, summed over every file graded for it.
struct LessonTime {
    std::array<double, kTimeUses> seconds{};  ///< indexed by TimeUse
    int compiles = 0;            ///< builds that ran a compiler (not found in the cache)
    int emulatorProcesses = 0;   ///< emulator children started
    int gpuProcesses = 0;        ///< children started on a GPU (a sanitizer's run counts once)
    int gpuBuilds = 0;           ///< distinct gpu builds that ran at least once
    int sharedTurns = 0;         ///< GPU turns taken shared (a timed run takes one more for its timed launches)
    int exclusiveTurns = 0;      ///< GPU turns that had the device alone
    /// Seconds spent on `use`.
    double& operator[](TimeUse use) { return seconds[static_cast<int>(use)]; }
    double operator[](TimeUse use) const { return seconds[static_cast<int>(use)]; }
};

/// Sets what one sandboxed start costs (measureSandboxStartSeconds), taken out of every span and counted as sandbox start.
void setSandboxStartCost(double seconds);
/// What one sandboxed start costs, as set (0 until it is).
double sandboxStartCost();
/// Adds `seconds` of `use` to `lesson` ("" is ignored).
void addTime(const std::string& lesson, TimeUse use, double seconds);
/// Changes `lesson`'s counts under the profile's lock.
void countFor(const std::string& lesson, void (*change)(LessonTime&));
/// Notes that the gpu build at `executable` of `lesson` ran a child (counted once per build in gpuBuilds).
void countGpuRun(const std::string& lesson, const std::string& executable);
/// Every lesson's totals so far, by lesson id.
std::map<std::string, LessonTime> timeProfile();

/// The device's serial work over the run, from the spans addContextStart and addAloneSpan noted.
struct DeviceSpans {
    int contextStarts = 0;        ///< GPU children whose start was measured (spawned to a ready CUDA context)
    double contextSeconds = 0;    ///< those starts summed, overlapping ones each counted
    double startingSeconds = 0;   ///< time in which at least one child was starting
    double aloneSeconds = 0;      ///< time in which a child had the device alone
    double eitherSeconds = 0;     ///< time in which a child was starting or one had the device alone
};
/// Notes a GPU child's start: spawned by the grader at `spawned`, its CUDA context ready at `ready`
/// (ignored unless spawned <= ready <= now: the child's clock reading is not trusted further).
void addContextStart(std::chrono::steady_clock::time_point spawned, std::chrono::steady_clock::time_point ready);
/// Notes a span in which a child had the device alone.
void addAloneSpan(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to);
/// The device's serial work noted so far.
DeviceSpans deviceSpans();
/// The time covered by at least one of `spans` (each a begin and an end in seconds; an end before its begin counts nothing).
double coveredSeconds(std::vector<std::pair<double, double>> spans);

/// Times one span on the calling thread: when it ends, its seconds go to `use` of `lesson`, less what the
/// sandboxed commands it started cost to start (counted as sandbox start).
class TimedSpan {
public:
    TimedSpan(std::string lesson, TimeUse use);
    ~TimedSpan();
    TimedSpan(const TimedSpan&) = delete;
    TimedSpan& operator=(const TimedSpan&) = delete;

private:
    std::string lesson_;
    TimeUse use_;
    std::chrono::steady_clock::time_point start_;
    long startsBefore_;
};

}  // namespace grader
