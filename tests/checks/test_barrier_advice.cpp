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
    const RaceAdvice advice = explainRace(races[0], races, {18}, true, lesson(2), "k.cu");
    const std::string& text = advice.text;
    CHECK(advice.code == "barrier.missing-after-loads");
    REQUIRE(advice.barriers.size() == 1);
    CHECK(advice.barriers[0].at == Place{18, 1});
    CHECK(advice.barriers[0].text == "the barrier before the stores is at k.cu:18");
    CHECK(text.find("after the last store to the tiles (line 20) and before the first read of them (line 24)") != std::string::npos);
    CHECK(text.find("the barrier before the stores is at k.cu:18. Move it there") != std::string::npos);
}

TEST_CASE("a barrier after the compute only, in lesson 3: add the one after the loads") {
    const std::vector<RaceLines> races = {{16, 20, false}};
    const RaceAdvice advice = explainRace(races[0], races, {21}, true, lesson(3), "k.cu");
    CHECK(advice.code == "barrier.missing-after-loads");
    CHECK(advice.text.find("the barrier after the compute is at k.cu:21. Add one there") != std::string::npos);
    REQUIRE(advice.barriers.size() == 1);
    CHECK(advice.barriers[0].at == Place{21, 1});
}

TEST_CASE("a barrier between the racing lines is the other one: the barrier after the compute is missing") {
    const std::vector<RaceLines> races = {{16, 20, false}};
    const RaceAdvice advice = explainRace(races[0], races, {18}, true, lesson(3), "k.cu");
    CHECK(advice.code == "barrier.missing-after-compute");
    CHECK(advice.text.find("the barrier after the compute is missing") != std::string::npos);
    CHECK(advice.barriers.empty());
}

TEST_CASE("no barrier at all names none") {
    const std::vector<RaceLines> races = {{16, 20, false}};
    const RaceAdvice phaseLoop = explainRace(races[0], races, {}, false, lesson(3), "k.cu");
    CHECK(phaseLoop.code == "barrier.none");
    CHECK(phaseLoop.text.find("no __syncthreads() at all") != std::string::npos);
    const RaceAdvice tileLoading = explainRace(races[0], races, {}, false, lesson(2), "k.cu");
    CHECK(tileLoading.code == "barrier.missing-after-loads");
    CHECK(tileLoading.barriers.empty());
}
