// The harness's side of the GPU's turns (backend.h's TurnSwitch): which turn
// of the device this child holds, and the bytes it writes to the grader's
// fifos (GRADER_TURN_FIFOS) to change it: 'S' a shared turn and 'R' the
// device alone, each waiting for the grader's 'G'; 'D' (alone no more:
// shared) and 'E' (no turn), which do not wait. The grader starts the child
// in a shared turn. With GRADER_TURNS=work the child gives it back at main's
// start and holds a turn only around its GPU work; otherwise it keeps the
// shared turn for its whole life and leaves it only for its timed launches.
// Non-goals: the grader's side (backend/child_run.cpp), CUDA calls (the
// harness makes them), the emulator (it has no device).
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

namespace device_turns {

/// A turn of the device.
enum class Turn { None, Shared, Alone };

/// The turns of this child process.
class ChildTurns {
public:
    /// Reads GRADER_TURN_FIFOS (no fifos: the grader does not listen, and every call is a no-op) and GRADER_TURNS.
    ChildTurns() {
        const char* fifos = std::getenv("GRADER_TURN_FIFOS");
        fifos_ = fifos ? fifos : "";
        const char* scope = std::getenv("GRADER_TURNS");
        aroundWork_ = !fifos_.empty() && scope && std::strcmp(scope, "work") == 0;
    }

    /// True when the child holds a turn only around its GPU work (GRADER_TURNS=work).
    bool aroundWork() const { return aroundWork_; }
    /// The turn held now.
    Turn turn() const { return turn_; }

    /// At main's start: the turn the child started in covered its static initializers; give it back.
    void mainBegins() {
        if (aroundWork_) take(Turn::None);
    }
    /// Several runs in one process: a turn alone is kept from one timed run to the next (lesson 4's
    /// timing, then its speedup), so the grader empties the device of shared runs once for both.
    void keepAloneBetweenCases() { holdBetweenCases_ = true; }
    /// Before a run's GPU work (allocating, copying, launching): a shared turn, unless a turn is held.
    void gpuWorkBegins() {
        if (turn_ == Turn::None) take(Turn::Shared);
    }
    /// After a run's GPU work: no turn (GRADER_TURNS=work), unless a turn alone is kept between cases.
    void gpuWorkEnds() {
        if (holdBetweenCases_ && turn_ == Turn::Alone) return;
        take(aroundWork_ ? Turn::None : Turn::Shared);
    }
    /// Before the timed launches: the device alone (returns once the grader has emptied it of shared runs).
    void timedLaunchesBegin() { take(Turn::Alone); }
    /// After the timed launches: back to a shared turn, unless a turn alone is kept between cases.
    void timedLaunchesEnd() {
        if (!holdBetweenCases_) endAlone();
    }
    /// Before a run that times nothing: the device back to the shared runs, if this process has it alone.
    void endAlone() {
        if (turn_ == Turn::Alone) take(Turn::Shared);
    }
    /// Before the process exits: no turn alone, and none at all with GRADER_TURNS=work.
    void processEnds() { take(aroundWork_ ? Turn::None : turn_ == Turn::Alone ? Turn::Shared : turn_); }

private:
    /// Moves to `wanted`, if the grader listens.
    void take(Turn wanted) {
        if (wanted == turn_) return;
        const char what = wanted == Turn::Alone ? 'R' : wanted == Turn::None ? 'E' : turn_ == Turn::Alone ? 'D' : 'S';
        if (tell(what)) turn_ = wanted;
    }

    /// Writes `what` to the grader; for 'R' and 'S', returns once it says go. False when it does not listen.
    bool tell(char what) const {
        if (fifos_.empty()) return false;
        const int ready = open((fifos_ + "/ready").c_str(), O_WRONLY | O_CLOEXEC);
        if (ready < 0) return false;
        const bool told = write(ready, &what, 1) == 1;
        close(ready);
        if (!told || (what != 'R' && what != 'S')) return told;
        const int go = open((fifos_ + "/go").c_str(), O_RDONLY | O_CLOEXEC);
        if (go < 0) return false;
        char granted = 0;
        while (read(go, &granted, 1) < 0 && errno == EINTR) {
        }
        close(go);
        return true;
    }

    std::string fifos_;
    bool aroundWork_ = false;
    bool holdBetweenCases_ = false;
    Turn turn_ = Turn::Shared;
};

}  // namespace device_turns
