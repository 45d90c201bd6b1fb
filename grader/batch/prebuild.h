// Builds the lesson files of one submission in the background, all at once,
// while its checks run lesson by lesson: nvcc and the emulator's compiler keep
// the node's cores busy while workers wait for the GPU. The builds land in the
// build cache, where gradeLesson finds them. A process-wide number of build
// slots (the machine's cores, build_slots.h) keeps many workers from
// oversubscribing it; a submission taken in ahead of its turn builds only in
// slots that no submission being graded is waiting for.
// With early runs (a submission taken in ahead), the emulator's build of a
// lesson is followed by the lesson's first emulator run (checks/early_run.h),
// in a slot as a build, whose record the grading then takes: a kernel that
// never ends spends its time limit while the workers grade others.
// Non-goal: verdicts; a build that fails here is built and reported by the check.
#pragma once

#include <atomic>
#include <filesystem>
#include <future>
#include <map>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "batch/build_slots.h"
#include "checks/early_run.h"
#include "core/course.h"

namespace grader {

/// The background builds of one submission's lessons.
class LessonPrebuild {
public:
    /// Whether the submission is being graded now or was taken in ahead of its turn.
    enum class Priority { Now, Ahead };

    /// Starts building every file of `files` (lesson id -> file) with `primary`, and with
    /// `emulator` too when it is another backend (the gpu backend's emulator checks), each in a slot of `slots`;
    /// a backend that does not cache its builds, or is unavailable, is not built ahead. A lesson of `earlyRuns`
    /// (lesson id -> a run on the emulator, firstEmulatorRun) runs it once the emulator has built the file, in a slot.
    LessonPrebuild(const Course& course, const std::map<std::string, std::filesystem::path>& files, Backend& primary,
                   Backend* emulator, Priority priority = Priority::Now, BuildSlots& slots = BuildSlots::machine(),
                   const std::map<std::string, RunRequest>& earlyRuns = {});
    /// The submission's grading begins: its builds not yet started go before any built ahead.
    void promote();
    /// Waits until the builds of `lessonId` are done (whether they succeeded or not), not for its early run.
    void waitFor(const std::string& lessonId);
    /// The early runs started, by lesson id (CheckOptions::earlyRuns).
    const std::map<std::string, EarlyRun>& earlyRuns() const { return earlyRuns_; }
    /// Waits for every build and early run: they use the backends passed in.
    ~LessonPrebuild();
    LessonPrebuild(const LessonPrebuild&) = delete;
    LessonPrebuild& operator=(const LessonPrebuild&) = delete;

private:
    BuildSlots& slots_;
    std::atomic<bool> now_;  ///< the builds' priority, read by slots_ (the builds refer to it: this object never moves)
    std::map<std::string, std::vector<std::shared_future<void>>> builds_;  ///< lesson id -> its builds' ends
    std::map<std::string, EarlyRun> earlyRuns_;
    std::vector<std::shared_future<void>> tasks_;  ///< every build, and every early run after its build
};

}  // namespace grader
