// A shared/exclusive lock that holds across processes on one machine: flock
// on a file, behind a gate file so that a process waiting for the exclusive
// turn stops new shared holders from cutting in. The gpu backend takes it per
// device: correctness and sanitizer runs share the card, a timing run has it
// alone. Inside one process (the batch's workers are threads) the turns are
// also ordered by a condition variable: once an exclusive taker waits, no new
// shared turn starts there until every waiting exclusive taker has had its
// turn, so timing runs that queue up run back to back and the card is
// drained of shared runs once for all of them, not once each. One exception
// keeps a hanging kernel from stalling the whole batch: while a shared turn
// that was running before the exclusive taker came has run longer than a
// long run (a kernel that may never end until its time limit), new shared
// turns start anyway; the exclusive turn still waits for every one to end.
// A gathering time (TurnTiming::gather) lets new shared turns go on starting
// for a while after the first exclusive taker began to wait, so that the
// timing runs asked for meanwhile drain the device once together.
// Non-goals: locks across machines (a shared file system's flock is not
// relied on), timeouts (a holder is a child with its own time limit),
// fairness between processes beyond the gate.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

namespace grader {

struct DeviceTurns;

/// How one process orders its turns of a lock file (tests shorten the times).
struct TurnTiming {
    /// How long a shared run may last before exclusive takers waiting behind it stop holding back new shared turns.
    std::chrono::milliseconds longRun{5000};
    /// How long after the first exclusive taker began to wait new shared turns still start (0: none starts).
    std::chrono::milliseconds gather{0};
};

/// One held turn; released when destroyed.
class TurnLock {
public:
    enum class Mode { Shared, Exclusive };

    /// Waits for a turn on `file` (created if missing, with `file`.gate beside it), ordered by `timing`.
    /// A file that cannot be opened gives an unlocked turn: grading goes on, unordered.
    static TurnLock take(const std::filesystem::path& file, Mode mode, TurnTiming timing = {});

    TurnLock(TurnLock&& other) noexcept;
    TurnLock& operator=(TurnLock&&) = delete;
    TurnLock(const TurnLock&) = delete;
    ~TurnLock();

    /// Exclusive takers of this process now waiting for a turn on `file` (for tests and diagnostics).
    static int exclusiveWaiting(const std::filesystem::path& file);

    /// False when the lock file could not be opened (the turn then orders nothing).
    bool held() const { return turns_ != nullptr; }

private:
    using Clock = std::chrono::steady_clock;
    TurnLock(std::shared_ptr<DeviceTurns> turns, Mode mode, int fd, Clock::time_point started)
        : turns_(std::move(turns)), mode_(mode), fd_(fd), started_(started) {}
    std::shared_ptr<DeviceTurns> turns_;  ///< this process's bookkeeping of the file's turns; null: unlocked
    Mode mode_ = Mode::Shared;
    int fd_ = -1;  ///< an exclusive turn's own descriptor (shared turns share the process's)
    Clock::time_point started_;  ///< when the turn began
};

/// Where per-device lock files live: $GRADER_LOCK_DIR, else /tmp/grader-locks (shared by every grader on the machine).
std::filesystem::path lockDirectory();

}  // namespace grader
