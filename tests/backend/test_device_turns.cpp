// The harness's side of the GPU's turns (grader/harness/device_turns.h): the
// bytes a child writes to the grader's fifos through the lesson flows the
// harness follows, with GRADER_TURNS=work and without it, against a fake
// grader that answers each wait; a child whose grader does not listen says
// nothing and never waits.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>

#include "harness/device_turns.h"
#include "test_support.h"

using device_turns::ChildTurns;
using device_turns::Turn;

namespace {

/// The grader's end of the two fifos: records every byte the child writes and answers 'S' and 'R' with 'G'.
class FakeGrader {
public:
    explicit FakeGrader(const std::filesystem::path& dir) {
        const std::string ready = (dir / "ready").string(), go = (dir / "go").string();
        REQUIRE(mkfifo(ready.c_str(), 0600) == 0);
        REQUIRE(mkfifo(go.c_str(), 0600) == 0);
        ready_ = open(ready.c_str(), O_RDWR | O_NONBLOCK);
        go_ = open(go.c_str(), O_RDWR | O_NONBLOCK);
        thread_ = std::thread([this] {
            while (!stop_) {
                pollfd wait{ready_, POLLIN, 0};
                if (poll(&wait, 1, 10) <= 0) continue;
                char asked[16];
                const ssize_t got = read(ready_, asked, sizeof asked);
                for (ssize_t i = 0; i < got; ++i) {
                    heard_ += asked[i];
                    if ((asked[i] == 'S' || asked[i] == 'R') && write(go_, "G", 1) != 1) heard_ += '!';
                }
            }
        });
    }
    ~FakeGrader() {
        stop_ = true;
        thread_.join();
        close(ready_);
        close(go_);
    }
    /// Every byte heard so far, once the child's last write has been read.
    std::string heard() {
        std::this_thread::sleep_for(std::chrono::milliseconds(60));
        return heard_;
    }

private:
    int ready_ = -1, go_ = -1;
    std::atomic<bool> stop_{false};
    std::string heard_;
    std::thread thread_;
};

/// Sets (or, with nullptr, clears) an environment variable for the scope.
struct EnvironmentVariable {
    EnvironmentVariable(const char* name, const char* value) : name_(name) {
        if (value) setenv(name, value, 1);
        else unsetenv(name);
    }
    ~EnvironmentVariable() { unsetenv(name_); }
    const char* name_;
};

/// Lesson 4's one child, as the harness's runCases walks it: gflops, timing, speedup.
void lessonFourCases(ChildTurns& turns) {
    turns.mainBegins();
    turns.keepAloneBetweenCases();
    turns.endAlone();  // gflops times nothing
    turns.gpuWorkBegins();
    turns.gpuWorkEnds();
    for (int timed = 0; timed < 2; ++timed) {  // timing, then speedup
        turns.gpuWorkBegins();
        turns.timedLaunchesBegin();
        turns.timedLaunchesEnd();
        turns.gpuWorkEnds();
    }
    turns.processEnds();
}

}  // namespace

TEST_CASE("with GRADER_TURNS=work the child holds a turn only around its GPU work, and its timed launches alone") {
    TempFolder tmp("device-turns-work");
    FakeGrader grader(tmp.path);
    const EnvironmentVariable fifos("GRADER_TURN_FIFOS", tmp.path.c_str());
    const EnvironmentVariable scope("GRADER_TURNS", "work");
    SUBCASE("lesson 4: no turn at main's start, a shared one for gflops, a shared one then one alone for timing and speedup, none at the end") {
        ChildTurns turns;
        CHECK(turns.aroundWork());
        lessonFourCases(turns);
        CHECK(grader.heard() == "ESESRE");
        CHECK(turns.turn() == Turn::None);
    }
    SUBCASE("one timed run alone: its warm-up shared, its timed launches alone, the rest shared again, then nothing") {
        ChildTurns turns;
        turns.mainBegins();
        turns.gpuWorkBegins();
        turns.timedLaunchesBegin();
        CHECK(turns.turn() == Turn::Alone);
        turns.timedLaunchesEnd();
        CHECK(turns.turn() == Turn::Shared);
        turns.gpuWorkEnds();
        CHECK(grader.heard() == "ESRDE");
    }
    SUBCASE("a correctness run's record is written holding no turn") {
        ChildTurns turns;
        turns.mainBegins();
        turns.gpuWorkBegins();
        CHECK(turns.turn() == Turn::Shared);
        turns.gpuWorkEnds();  // after C is copied back, before the record is written
        turns.gpuWorkEnds();  // the run's own end: nothing more to say
        CHECK(grader.heard() == "ESE");
    }
}

TEST_CASE("without GRADER_TURNS=work the child keeps the shared turn it started in and leaves it only for its timed launches") {
    TempFolder tmp("device-turns-process");
    FakeGrader grader(tmp.path);
    const EnvironmentVariable fifos("GRADER_TURN_FIFOS", tmp.path.c_str());
    const EnvironmentVariable scope("GRADER_TURNS", nullptr);
    ChildTurns turns;
    CHECK_FALSE(turns.aroundWork());
    lessonFourCases(turns);
    CHECK(grader.heard() == "RD");  // one turn alone for both timed runs, shared again before the exit
    CHECK(turns.turn() == Turn::Shared);
}

TEST_CASE("a child whose grader does not listen says nothing and never waits") {
    const EnvironmentVariable fifos("GRADER_TURN_FIFOS", nullptr);
    const EnvironmentVariable scope("GRADER_TURNS", "work");
    ChildTurns turns;
    CHECK_FALSE(turns.aroundWork());
    lessonFourCases(turns);  // would block on a 'G' that never comes if it asked
    CHECK(turns.turn() == Turn::Shared);
}
