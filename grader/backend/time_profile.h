// Where grading time goes: the backends add the seconds of every build and
// run to the lesson it was for, split into compile, emulator, GPU shared, GPU
// exclusive, a GPU child without a turn, waiting for a GPU turn and sandbox start, and count the processes
// they started; the sums run over the whole process (a batch: the class).
// The batch prints them and writes them with --profile. Apart from the lessons,
// each device's serial work: the spans in which a GPU child was making its
// CUDA context or a child had the device alone, and in which a timed run
// waited for its turn alone, each summed or as the time any covered; and how
// much of that wait was for children whose GPU work had ended.
// Non-goals: timing the student's kernels (the harness does), per-student times
// (the results hold each submission's seconds).
#pragma once

#include <array>
#include <chrono>
#include <map>
#include <optional>
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

/// One device's serial work over the run, from the spans addContextStart, addAloneSpan and addDrainSpan noted.
struct DeviceSpans {
    int contextStarts = 0;           ///< GPU children whose CUDA context was made and measured
    double spawnToContextSeconds = 0;  ///< summed, each from the grader spawning the child to its context being ready
    double contextSeconds = 0;       ///< summed, each the child's own call that made its context (the driver's part)
    double contextCoveredSeconds = 0;  ///< time in which at least one child was making its context
    double aloneSeconds = 0;         ///< time in which a child had the device alone
    double contextOrAloneSeconds = 0;  ///< time in which a child was making its context or one had the device alone
    double drainingSeconds = 0;      ///< time in which a timed run waited for its turn alone (behind shared runs or another timed one)
    double drainingOrAloneSeconds = 0;  ///< time in which a timed run waited for the device or had it alone
    /// time in which a timed run waited while some child in a shared turn had ended its GPU work (and was writing its
    /// records, exiting or reporting under a sanitizer) and none was still in it: what giving the turn back at the
    /// work's end could save, at most
    double drainingBehindTailsSeconds = 0;
};
/// Notes a GPU child's start on `device`: spawned by the grader at `spawned`, its call that made its CUDA context
/// from `begun` to `ready` (ignored unless spawned <= begun <= ready <= now: the child's clock readings are not
/// trusted further).
void addContextStart(const std::string& device, std::chrono::steady_clock::time_point spawned,
                     std::chrono::steady_clock::time_point begun, std::chrono::steady_clock::time_point ready);
/// Notes a span in which a child had `device` alone.
void addAloneSpan(const std::string& device, std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to);
/// Notes a span in which a timed run waited for its turn alone on `device` (no new shared run starts meanwhile, as a rule).
void addDrainSpan(const std::string& device, std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to);
/// Notes the spans in which one child held a shared turn of `device`, split where its last run's GPU work ended
/// (`workEnded`, as its harness said; none: all of it is work): before, GPU work; after, the child's tail.
void addSharedHolds(const std::string& device,
                    const std::vector<std::pair<std::chrono::steady_clock::time_point, std::chrono::steady_clock::time_point>>& holds,
                    std::optional<std::chrono::steady_clock::time_point> workEnded);
/// Each device's serial work noted so far, by its label.
std::map<std::string, DeviceSpans> deviceSpans();
/// The time covered by at least one of `spans` (each a begin and an end in seconds; an end before its begin counts nothing).
double coveredSeconds(std::vector<std::pair<double, double>> spans);
/// The time within `waits` covered by some of `tails` and none of `work` (spans as coveredSeconds takes them).
double tailsOnlySeconds(const std::vector<std::pair<double, double>>& waits, const std::vector<std::pair<double, double>>& tails,
                        const std::vector<std::pair<double, double>>& work);

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
