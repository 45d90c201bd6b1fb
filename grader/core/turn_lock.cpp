// TurnLock: flock(2) with a gate. A shared taker passes through the gate
// (exclusive, held only for a moment) before it takes the lock shared; an
// exclusive taker holds the gate while it waits for the lock, so the shared
// takers that come after it queue at the gate instead of starving it.
#include "core/turn_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace grader {

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

}  // namespace

std::filesystem::path lockDirectory() {
    if (const char* dir = std::getenv("GRADER_LOCK_DIR"); dir && *dir) return dir;
    return "/tmp/grader-locks";
}

TurnLock TurnLock::take(const std::filesystem::path& file, Mode mode) {
    std::error_code ec;
    if (std::filesystem::create_directories(file.parent_path(), ec))
        std::filesystem::permissions(file.parent_path(), std::filesystem::perms::all | std::filesystem::perms::sticky_bit, ec);
    const int fd = openLockFile(file);
    if (fd < 0) return TurnLock(-1);
    const int gate = openLockFile(file.string() + ".gate");
    if (gate >= 0) lockRetrying(gate, LOCK_EX);
    lockRetrying(fd, mode == Mode::Exclusive ? LOCK_EX : LOCK_SH);
    if (gate >= 0) close(gate);  // closing the last descriptor releases the gate
    return TurnLock(fd);
}

TurnLock::TurnLock(TurnLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

TurnLock::~TurnLock() {
    if (fd_ >= 0) close(fd_);
}

}  // namespace grader
