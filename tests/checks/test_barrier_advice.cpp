// The lesson's words for a race: which barrier is missing, and where the
// existing barriers stand when none stands between the loads and the compute.
#include <doctest/doctest.h>

#include "checks/barrier_advice.h"

using namespace grader;

namespace {

Lesson lesson(int number) {
    Lesson l;
    l.id = "lesson" + std::to_string(number);
    l.number = number;
    l.folder = number == 2 ? "02-tile-loading" : "03-phase-loop";
    return l;
}

}  // namespace

TEST_CASE("a barrier before the loads: where it stands, and that it must move between the last store and the first read") {
    // Stores to tA at line 19 and tB at line 20, reads at 24; the only barrier at 18.
    const std::vector<RaceLines> races = {{19, 24, false}, {20, 24, false}};
    const std::string text = explainRace(races[0], races, {18}, true, lesson(2), "k.cu");
    CHECK(text.find("after the last store to the tiles (line 20) and before the first read of them (line 24)") != std::string::npos);
    CHECK(text.find("the barrier before the stores is at k.cu:18. Move it there") != std::string::npos);
}

TEST_CASE("a barrier after the compute only, in lesson 3: add the one after the loads") {
    const std::vector<RaceLines> races = {{16, 20, false}};
    const std::string text = explainRace(races[0], races, {21}, true, lesson(3), "k.cu");
    CHECK(text.find("the barrier after the compute is at k.cu:21. Add one there") != std::string::npos);
}

TEST_CASE("a barrier between the racing lines is the other one: the barrier after the compute is missing") {
    const std::vector<RaceLines> races = {{16, 20, false}};
    const std::string text = explainRace(races[0], races, {18}, true, lesson(3), "k.cu");
    CHECK(text.find("the barrier after the compute is missing") != std::string::npos);
    CHECK(text.find("k.cu:18") == std::string::npos);
}

TEST_CASE("no barrier at all names none") {
    const std::vector<RaceLines> races = {{16, 20, false}};
    CHECK(explainRace(races[0], races, {}, false, lesson(3), "k.cu").find("no __syncthreads() at all") != std::string::npos);
    CHECK(explainRace(races[0], races, {}, false, lesson(2), "k.cu").find("k.cu:") == std::string::npos);
}
