// TurnLock: shared turns coexist, an exclusive turn excludes every other, an
// exclusive taker that waits keeps new shared takers out (the gate across
// processes, the ledger inside one), waiting exclusive takers go back to back,
// a long shared run stops holding back new shared turns, and a gathering time
// lets shared turns start for a while after an exclusive taker began to wait. Probed with
// non-blocking flock on separate descriptors and the order turns were given,
// never with how long anything took.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
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

/// The order in which takers on other threads got their turns, a letter each.
struct TurnOrder {
    std::mutex mutex;
    std::string letters;

    /// A thread that waits for a turn on `file` in `mode`, ordered by `timing`, and appends `letter` once it has it.
    std::thread taker(const std::filesystem::path& file, TurnLock::Mode mode, char letter, TurnTiming timing = {}) {
        return std::thread([this, file, mode, letter, timing] {
            TurnLock turn = TurnLock::take(file, mode, timing);
            std::lock_guard<std::mutex> lock(mutex);
            letters += letter;
        });
    }
    /// The letters so far.
    std::string now() {
        std::lock_guard<std::mutex> lock(mutex);
        return letters;
    }
};

/// Waits (up to 2 s) until `count` exclusive takers of this process wait for a turn on `file`.
void awaitExclusiveWaiting(const std::filesystem::path& file, int count) {
    for (int i = 0; i < 2000 && TurnLock::exclusiveWaiting(file) < count; ++i) usleep(1000);
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

TEST_CASE("an exclusive taker waiting behind another process's shared turn holds the gate, so new shared takers queue behind it") {
    const auto file = freshLockFile("gated.lock");
    const std::filesystem::path gate = file.string() + ".gate";
    int toChild[2], fromChild[2];
    REQUIRE(pipe(toChild) == 0);
    REQUIRE(pipe(fromChild) == 0);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {  // another grader on the machine, in a correctness run
        TurnLock running = TurnLock::take(file, TurnLock::Mode::Shared);
        char c = 'h';
        if (write(fromChild[1], &c, 1) != 1 || read(toChild[0], &c, 1) != 1) _exit(1);
        _exit(0);  // exiting closes its descriptor: the turn ends
    }
    char c = 0;
    REQUIRE(read(fromChild[0], &c, 1) == 1);
    std::atomic<bool> timed{false};
    std::thread timing([&] {
        TurnLock turn = TurnLock::take(file, TurnLock::Mode::Exclusive);
        timed = true;
    });
    // Wait until the timing thread holds the gate (it cannot get the lock while the child holds it).
    for (int i = 0; i < 2000 && couldTake(gate, LOCK_EX); ++i) usleep(1000);
    CHECK_FALSE(couldTake(gate, LOCK_EX));  // a new shared taker would wait at the gate
    CHECK_FALSE(timed.load());
    REQUIRE(write(toChild[1], &c, 1) == 1);  // the child's run ends: the timing run gets its turn
    int status = 0;
    waitpid(child, &status, 0);
    timing.join();
    CHECK(timed.load());
    CHECK(couldTake(gate, LOCK_EX));
    CHECK(couldTake(file, LOCK_EX));
    for (int fd : {toChild[0], toChild[1], fromChild[0], fromChild[1]}) close(fd);
}

TEST_CASE("a lock file that cannot be created gives an unlocked turn, not a hang") {
    TurnLock turn = TurnLock::take("/proc/no-such-dir/x.lock", TurnLock::Mode::Exclusive);
    CHECK_FALSE(turn.held());
}

TEST_CASE("exclusive turns asked for while shared runs drain follow one another before any new shared turn") {
    const auto file = freshLockFile("coalesced.lock");
    auto running = std::make_unique<TurnLock>(TurnLock::take(file, TurnLock::Mode::Shared));
    TurnOrder order;
    std::thread first = order.taker(file, TurnLock::Mode::Exclusive, 'E');
    awaitExclusiveWaiting(file, 1);
    std::thread second = order.taker(file, TurnLock::Mode::Exclusive, 'E');
    awaitExclusiveWaiting(file, 2);
    REQUIRE(TurnLock::exclusiveWaiting(file) == 2);
    std::thread shared = order.taker(file, TurnLock::Mode::Shared, 'S');  // asked for after them: it waits for both
    CHECK(order.now().empty());
    running.reset();  // the correctness run ends
    first.join();
    second.join();
    shared.join();
    CHECK(order.now() == "EES");
    CHECK(TurnLock::exclusiveWaiting(file) == 0);
    CHECK(couldTake(file, LOCK_EX));
}

TEST_CASE("a shared run that outlasts a long run no longer holds back new shared turns, and the exclusive turn still waits for all") {
    const auto file = freshLockFile("long-run.lock");
    const TurnTiming noPatience{std::chrono::milliseconds(0)};  // every run older than the waiting counts as long
    auto hanging = std::make_unique<TurnLock>(TurnLock::take(file, TurnLock::Mode::Shared));
    TurnOrder order;
    std::thread timing = order.taker(file, TurnLock::Mode::Exclusive, 'E');
    awaitExclusiveWaiting(file, 1);
    REQUIRE(TurnLock::exclusiveWaiting(file) == 1);
    // The hanging run began before the timing run waited: a new shared run starts beside it.
    auto admitted = std::make_unique<TurnLock>(TurnLock::take(file, TurnLock::Mode::Shared, noPatience));
    CHECK(admitted->held());
    hanging.reset();  // killed at its time limit
    // Only runs newer than the waiting are left: this one waits for the timing run.
    std::thread later = order.taker(file, TurnLock::Mode::Shared, 'S', noPatience);
    usleep(300 * 1000);
    CHECK(order.now().empty());  // the timing run waits for the admitted run, the later one for the timing run
    admitted.reset();
    timing.join();
    later.join();
    CHECK(order.now() == "ES");
}

TEST_CASE("within the gathering time new shared turns still start beside a waiting exclusive taker; after it, they wait for it") {
    const auto file = freshLockFile("gather.lock");
    const TurnTiming gathering{TurnTiming{}.longRun, std::chrono::milliseconds(300)};
    auto running = std::make_unique<TurnLock>(TurnLock::take(file, TurnLock::Mode::Shared, gathering));
    TurnOrder order;
    std::thread timing = order.taker(file, TurnLock::Mode::Exclusive, 'E', gathering);
    awaitExclusiveWaiting(file, 1);
    REQUIRE(TurnLock::exclusiveWaiting(file) == 1);
    // Taken at once after the waiting began (well within 300 ms): admitted beside the running one.
    auto gathered = std::make_unique<TurnLock>(TurnLock::take(file, TurnLock::Mode::Shared, gathering));
    CHECK(gathered->held());
    usleep(400 * 1000);  // the gathering time is over
    std::thread later = order.taker(file, TurnLock::Mode::Shared, 'S', gathering);
    usleep(300 * 1000);
    CHECK(order.now().empty());  // the timing run waits for both shared runs, the later one for the timing run
    running.reset();
    gathered.reset();
    timing.join();
    later.join();
    CHECK(order.now() == "ES");
}
