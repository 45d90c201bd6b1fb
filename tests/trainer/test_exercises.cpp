// The trainer's generator: mulberry32 against values computed by hand from
// the spec's steps (and the well-known first value of mulberry32(1) in
// JavaScript, 0.6270739405881613 * 2^32), the sets drawn for two seeds, the
// answers of the spec's JSON example, and the JSON shape.
#include <doctest/doctest.h>

#include "trainer/exercises.h"
#include "trainer/exercise_json.h"

using namespace grader;

TEST_CASE("mulberry32 gives the spec's numbers") {
    Mulberry32 one(1);
    CHECK(one.next() == 2693262067u);
    CHECK(one.next() == 11749833u);
    CHECK(one.next() == 2265367787u);
    Mulberry32 zero(0);
    CHECK(zero.next() == 1144304738u);
    CHECK(zero.below(7) == 1416247u % 7);
}

TEST_CASE("lesson2 for seed 1 draws each exercise's values in the spec's order") {
    const auto set = generateSet("lesson2", 1, 16);
    REQUIRE(set);
    REQUIRE(set->exercises.size() == 3);
    const Exercise& load = set->exercises[0];
    CHECK(load.kind == ExerciseKind::ThreadLoad);
    CHECK(load.n == 48);
    CHECK(load.params == std::vector<std::pair<std::string, int>>{{"bx", 0}, {"by", 2}, {"p", 2}, {"tx", 11}, {"ty", 0}});
    CHECK(set->exercises[1].n == 32);
    CHECK(set->exercises[1].params == std::vector<std::pair<std::string, int>>{{"bx", 0}, {"by", 0}, {"p", 1}});
    CHECK(set->exercises[2].params == std::vector<std::pair<std::string, int>>{{"i", 14}, {"k", 29}});
}

TEST_CASE("lesson3 for seed 7 shuffles the steps with the same stream") {
    const auto set = generateSet("lesson3", 7, 16);
    REQUIRE(set);
    CHECK(set->exercises[0].params == std::vector<std::pair<std::string, int>>{{"bx", 2}, {"by", 2}, {"tx", 6}, {"ty", 7}, {"k", 20}});
    CHECK(set->exercises[1].n == 48);
    CHECK(set->exercises[2].n == 64);
    CHECK(set->exercises[2].shown == std::vector<std::string>{"sync_used", "sync_loaded", "load_b", "load_a", "multiply"});
    CHECK(!generateSet("lesson1", 1, 16));
}

TEST_CASE("the answers of the spec's JSON example") {
    const Exercise load = makeExercise(ExerciseKind::ThreadLoad, 48, 16, {{"bx", 1}, {"by", 2}, {"p", 0}, {"tx", 3}, {"ty", 5}});
    CHECK(load.part("A")->cells == std::vector<CellRange>{{37, 37, 3, 3}});
    CHECK(load.part("B")->cells == std::vector<CellRange>{{5, 5, 19, 19}});
    CHECK((load.part("tA")->y == 5 && load.part("tA")->x == 3));
    const Exercise tiles = makeExercise(ExerciseKind::BlockTiles, 32, 16, {{"bx", 0}, {"by", 1}, {"p", 1}});
    CHECK(tiles.part("A")->cells == std::vector<CellRange>{{16, 31, 16, 31}});
    CHECK(tiles.part("B")->cells == std::vector<CellRange>{{16, 31, 0, 15}});
    const Exercise readers = makeExercise(ExerciseKind::ElementReaders, 64, 16, {{"i", 20}, {"k", 40}});
    CHECK(readers.part("phase")->number == 2);
    CHECK(readers.part("readers")->number == 64);
    const Exercise resident = makeExercise(ExerciseKind::ResidentPhase, 48, 16, {{"bx", 0}, {"by", 2}, {"tx", 7}, {"ty", 1}, {"k", 33}});
    CHECK(resident.part("phase")->number == 2);
    CHECK((resident.part("tA")->y == 1 && resident.part("tA")->x == 1));
    CHECK((resident.part("tB")->y == 1 && resident.part("tB")->x == 7));
    const Exercise reads = makeExercise(ExerciseKind::GlobalReads, 32, 16, {});
    CHECK(reads.part("naive")->number == 64);
    CHECK(reads.part("tiled")->number == 4);
}

TEST_CASE("the set's JSON has the spec's keys in the spec's order") {
    ExerciseSet set{"lesson2", 1, 16, {}};
    set.exercises.push_back(makeExercise(ExerciseKind::ThreadLoad, 48, 16, {{"bx", 1}, {"by", 2}, {"p", 0}, {"tx", 3}, {"ty", 5}}));
    set.exercises.push_back(makeExercise(ExerciseKind::BlockTiles, 32, 16, {{"bx", 0}, {"by", 1}, {"p", 1}}));
    set.exercises.push_back(makeExercise(ExerciseKind::ElementReaders, 64, 16, {{"i", 20}, {"k", 40}}));
    set.exercises.push_back(makeExercise(ExerciseKind::ResidentPhase, 48, 16, {{"bx", 0}, {"by", 2}, {"tx", 7}, {"ty", 1}, {"k", 33}}));
    set.exercises.push_back(makeExercise(ExerciseKind::GlobalReads, 32, 16, {}));
    set.exercises.push_back(
        makeExercise(ExerciseKind::BarrierOrder, 48, 16, {}, {"multiply", "load_b", "sync_used", "load_a", "sync_loaded"}));
    const std::string expected =
        R"({"set":"lesson2","seed":1,"tile":16,"exercises":[)"
        R"({"kind":"thread_load","n":48,"params":{"bx":1,"by":2,"p":0,"tx":3,"ty":5},"answer":{"A":[[37,3]],"B":[[5,19]],"tA":[5,3],"tB":[5,3]}},)"
        R"({"kind":"block_tiles","n":32,"params":{"bx":0,"by":1,"p":1},"answer":{"A":[[16,31,16,31]],"B":[[16,31,0,15]]}},)"
        R"({"kind":"element_readers","n":64,"params":{"i":20,"k":40},"answer":{"blocks":[[0,1],[1,1],[2,1],[3,1]],"phase":2,"readers":64}},)"
        R"({"kind":"resident_phase","n":48,"params":{"bx":0,"by":2,"tx":7,"ty":1,"k":33},"answer":{"phase":2,"tA":[1,1],"tB":[1,7]}},)"
        R"({"kind":"global_reads","n":32,"params":{},"answer":{"naive":64,"tiled":4}},)"
        R"({"kind":"barrier_order","n":48,"params":{"shown":["multiply","load_b","sync_used","load_a","sync_loaded"]},)"
        R"("answer":{"order":["load_a","load_b","sync_loaded","multiply","sync_used"]}}]})";
    CHECK(exerciseSetJson(set).dump() == expected);
}

TEST_CASE("the course version changes with the tile") {
    CHECK(trainerCourseVersion(16) == trainerCourseVersion(16));
    CHECK(trainerCourseVersion(16) != trainerCourseVersion(32));
    CHECK(trainerCourseVersion(16).size() == 12);
}
