// A shared/exclusive lock that holds across processes on one machine: flock
// on a file, behind a gate file so that a process waiting for the exclusive
// turn stops new shared holders from cutting in. The gpu backend takes it per
// device: correctness and sanitizer runs share the card, a timing run has it
// alone. Threads of one process each open their own descriptor, so they
// exclude each other the same way.
// Non-goals: locks across machines (a shared file system's flock is not
// relied on), timeouts (a holder is a child with its own time limit).
#pragma once

#include <filesystem>
#include <string>

namespace grader {

/// One held turn; released when destroyed.
class TurnLock {
public:
    enum class Mode { Shared, Exclusive };

    /// Waits for a turn on `file` (created if missing, with `file`.gate beside it).
    /// A file that cannot be opened gives an unlocked turn: grading goes on, unordered.
    static TurnLock take(const std::filesystem::path& file, Mode mode);

    TurnLock(TurnLock&& other) noexcept;
    TurnLock& operator=(TurnLock&&) = delete;
    TurnLock(const TurnLock&) = delete;
    ~TurnLock();

    /// False when the lock file could not be opened (the turn then orders nothing).
    bool held() const { return fd_ >= 0; }

private:
    explicit TurnLock(int fd) : fd_(fd) {}
    int fd_ = -1;
};

/// Where per-device lock files live: $GRADER_LOCK_DIR, else /tmp/grader-locks (shared by every grader on the machine).
std::filesystem::path lockDirectory();

}  // namespace grader
