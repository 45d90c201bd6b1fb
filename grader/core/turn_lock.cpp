// TurnLock: flock(2) with a gate, and a per-process ledger of each lock
// file's turns.
// Across processes: the process holds the file LOCK_SH while any of its
// threads has a shared turn (one descriptor for all of them), and an
// exclusive turn holds it LOCK_EX on its own descriptor. A shared taker
// passes through the gate (exclusive, held only for a moment);
// an exclusive taker holds the gate while it waits for the lock, so other
// processes' shared takers that come after it queue at the gate (every
// shared taker passes it).
// Inside the process: shared takers wait while any exclusive taker waits or
// runs (unless a shared run older than the waiting began has become a long
// run, or the first exclusive taker has waited less than the gathering
// time), so exclusive turns asked for meanwhile follow one another. An
// exclusive taker passes the gate only once this process has no shared turn.
#include "core/turn_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <set>
#include <mutex>

namespace grader {

/// One process's view of one lock file's turns.
struct DeviceTurns {
    using Clock = std::chrono::steady_clock;
    std::filesystem::path file;
    std::mutex mutex;
    std::condition_variable changed;
    std::multiset<Clock::time_point> sharedStarts;  ///< when each shared turn of this process began
    int sharedFd = -1;                              ///< the descriptor holding LOCK_SH for them
    std::multiset<Clock::time_point> exclusiveWaits;  ///< when each waiting exclusive taker began to wait
    bool exclusiveActive = false;                   ///< an exclusive turn of this process is held (or being taken)

    /// Whether a new shared turn may start now (see turn_lock.h).
    bool admitsShared(Clock::time_point now, const TurnTiming& timing) const {
        if (exclusiveActive) return false;
        if (exclusiveWaits.empty() || now - *exclusiveWaits.begin() < timing.gather) return true;
        return !sharedStarts.empty() && *sharedStarts.begin() < *exclusiveWaits.begin() && now - *sharedStarts.begin() > timing.longRun;
    }
};

namespace {

int openLockFile(const std::filesystem::path& file) {
    // Every grader on the machine (any user) must be able to take the same turn.
    const mode_t old = umask(0);
    const int fd = open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    umask(old);
    return fd;
}

void lockRetrying(int fd, int operation) {
    while (flock(fd, operation) != 0 && errno == EINTR) {
    }
}

/// The gate of `file`, held exclusively until closed (-1 when it cannot be opened: no gate).
int passGate(const std::filesystem::path& file) {
    const int gate = openLockFile(file.string() + ".gate");
    if (gate >= 0) lockRetrying(gate, LOCK_EX);
    return gate;
}

void closeGate(int gate) {
    if (gate >= 0) close(gate);  // closing the last descriptor releases the gate
}

/// The process's ledger for `file`, made on first use and kept for the process's life.
std::shared_ptr<DeviceTurns> ledgerFor(const std::filesystem::path& file) {
    static std::mutex registryMutex;
    static std::map<std::string, std::shared_ptr<DeviceTurns>> registry;
    std::lock_guard<std::mutex> lock(registryMutex);
    auto& turns = registry[file.string()];
    if (!turns) {
        turns = std::make_shared<DeviceTurns>();
        turns->file = file;
    }
    return turns;
}

}  // namespace

std::filesystem::path lockDirectory() {
    if (const char* dir = std::getenv("GRADER_LOCK_DIR"); dir && *dir) return dir;
    return "/tmp/grader-locks";
}

TurnLock TurnLock::take(const std::filesystem::path& file, Mode mode, TurnTiming timing) {
    std::error_code ec;
    if (std::filesystem::create_directories(file.parent_path(), ec))
        std::filesystem::permissions(file.parent_path(), std::filesystem::perms::all | std::filesystem::perms::sticky_bit, ec);
    const int probe = openLockFile(file);
    if (probe < 0) return TurnLock(nullptr, mode, -1, Clock::now());
    auto turns = ledgerFor(file);
    if (mode == Mode::Exclusive) {
        {
            std::unique_lock<std::mutex> lock(turns->mutex);
            const auto waitStarted = turns->exclusiveWaits.insert(Clock::now());  // no new shared turn from now on
            turns->changed.wait(lock, [&] { return turns->sharedStarts.empty() && !turns->exclusiveActive; });
            turns->exclusiveWaits.erase(waitStarted);
            turns->exclusiveActive = true;
        }
        const int gate = passGate(file);  // other processes' new shared takers queue behind it
        lockRetrying(probe, LOCK_EX);     // other processes' shared turns end
        closeGate(gate);
        return TurnLock(std::move(turns), mode, probe, Clock::now());
    }
    close(probe);
    // Waiting in short steps: a shared turn's growing age can admit this one, and the end of a gathering time hold it
    // back, with no other change.
    const auto waitAdmitted = [&](std::unique_lock<std::mutex>& lock) {
        while (!turns->admitsShared(Clock::now(), timing)) turns->changed.wait_for(lock, std::chrono::milliseconds(200));
    };
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(turns->mutex);
            waitAdmitted(lock);
        }
        const int gate = passGate(file);  // every shared taker: another process's waiting exclusive taker goes first
        std::unique_lock<std::mutex> lock(turns->mutex);
        if (!turns->admitsShared(Clock::now(), timing)) {  // an exclusive taker came here while this waited at the gate
            lock.unlock();
            closeGate(gate);
            continue;
        }
        if (turns->sharedStarts.empty()) {  // the process's first shared turn takes the file shared for all of them
            turns->sharedFd = openLockFile(file);
            if (turns->sharedFd >= 0) lockRetrying(turns->sharedFd, LOCK_SH);
        }
        const auto started = Clock::now();
        turns->sharedStarts.insert(started);
        closeGate(gate);
        return TurnLock(std::move(turns), mode, -1, started);
    }
}

int TurnLock::exclusiveWaiting(const std::filesystem::path& file) {
    auto turns = ledgerFor(file);
    std::lock_guard<std::mutex> lock(turns->mutex);
    return static_cast<int>(turns->exclusiveWaits.size());
}

TurnLock::TurnLock(TurnLock&& other) noexcept
    : turns_(std::move(other.turns_)), mode_(other.mode_), fd_(other.fd_), started_(other.started_) {
    other.fd_ = -1;
}

TurnLock::~TurnLock() {
    if (!turns_) return;
    std::lock_guard<std::mutex> lock(turns_->mutex);
    if (mode_ == Mode::Exclusive) {
        if (fd_ >= 0) close(fd_);
        turns_->exclusiveActive = false;
    } else {
        turns_->sharedStarts.erase(turns_->sharedStarts.find(started_));
        if (turns_->sharedStarts.empty()) {
            if (turns_->sharedFd >= 0) close(turns_->sharedFd);
            turns_->sharedFd = -1;
        }
    }
    turns_->changed.notify_all();
}

}  // namespace grader
