// TurnLock: shared turns coexist, an exclusive turn excludes every other, and
// an exclusive taker that waits keeps new shared takers out (the gate).
// Probed with non-blocking flock on separate descriptors, never with timing.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "core/turn_lock.h"

using namespace grader;

namespace {

/// Whether a fresh descriptor of `file` could take it in `operation` (LOCK_SH or LOCK_EX) right now.
bool couldTake(const std::filesystem::path& file, int operation) {
    const int fd = open(file.c_str(), O_RDWR);
    REQUIRE(fd >= 0);
    const bool free = flock(fd, operation | LOCK_NB) == 0;
    close(fd);
    return free;
}

std::filesystem::path freshLockFile(const char* name) {
    const auto dir = std::filesystem::temp_directory_path() / ("turn-lock-test-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    std::filesystem::remove(dir / name);
    return dir / name;
}

}  // namespace

TEST_CASE("shared turns coexist; an exclusive turn excludes the others until it ends") {
    const auto file = freshLockFile("device.lock");
    {
        TurnLock a = TurnLock::take(file, TurnLock::Mode::Shared);
        TurnLock b = TurnLock::take(file, TurnLock::Mode::Shared);
        CHECK(a.held());
        CHECK(b.held());
        CHECK(couldTake(file, LOCK_SH));
        CHECK_FALSE(couldTake(file, LOCK_EX));
    }
    {
        TurnLock timing = TurnLock::take(file, TurnLock::Mode::Exclusive);
        CHECK_FALSE(couldTake(file, LOCK_SH));
    }
    CHECK(couldTake(file, LOCK_EX));
}

TEST_CASE("an exclusive taker waiting behind shared turns holds the gate, so new shared takers queue behind it") {
    const auto file = freshLockFile("gated.lock");
    const std::filesystem::path gate = file.string() + ".gate";
    auto running = std::make_unique<TurnLock>(TurnLock::take(file, TurnLock::Mode::Shared));
    std::atomic<bool> timed{false};
    std::thread timing([&] {
        TurnLock turn = TurnLock::take(file, TurnLock::Mode::Exclusive);
        timed = true;
    });
    // Wait until the timing thread holds the gate (it cannot get the lock while `running` holds it).
    for (int i = 0; i < 2000 && couldTake(gate, LOCK_EX); ++i) usleep(1000);
    CHECK_FALSE(couldTake(gate, LOCK_EX));  // a new shared taker would wait at the gate
    CHECK_FALSE(timed.load());
    running.reset();  // the correctness run ends: the timing run gets its turn
    timing.join();
    CHECK(timed.load());
    CHECK(couldTake(gate, LOCK_EX));
    CHECK(couldTake(file, LOCK_EX));
}

TEST_CASE("a lock file that cannot be created gives an unlocked turn, not a hang") {
    TurnLock turn = TurnLock::take("/proc/no-such-dir/x.lock", TurnLock::Mode::Exclusive);
    CHECK_FALSE(turn.held());
}
