// The tile map's model and pictures on small hand-made records (n = 4, TILE = 2).
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>

#include "core/toolchain.h"
#include "tilemap/tilemap.h"
#include "tilemap/tilemap_render.h"

using namespace grader;

namespace {

/// The record of block (1,0), phase 1, of a correct lesson 3 kernel at n = 4, TILE = 2.
std::vector<std::string> correctRecord() {
    return {"tilemap block=1,0 phase=1 phases=2 barriers=4 per_phase=2 rule=barriers block_dim=2,2,1 recorded=1 truncated=0",
            "tilemap_loads buffer=A cells=2:1,3:1,6:1,7:1",
            "tilemap_loads buffer=B cells=10:1,11:1,14:1,15:1",
            "tilemap_threads buffer=A counts=1,1,1,1",
            "tilemap_threads buffer=B counts=1,1,1,1",
            "tilemap_stores buffer=C cells=2:1,3:1,6:1,7:1",
            "tilemap_interval index=2 phase=1 loads=8 shared_reads=0 shared_writes=4",
            "tilemap_interval index=3 phase=1 loads=0 shared_reads=4 shared_writes=0"};
}

TileMap parsed(const std::vector<std::string>& lines) {
    auto map = parseTileMap(lines);
    REQUIRE(map.ok());
    return *map;
}

}  // namespace

TEST_CASE("a correct tiled kernel's block loads one tile of A and one of B per phase") {
    const TileExpectation e = expectedTiles(3, 4, 2, 1, 0, 1);
    CHECK(rectangleText("A", e.loadsA, 4) == "A[0..1][2..3]");
    CHECK(rectangleText("B", e.loadsB, 4) == "B[2..3][2..3]");
    CHECK(rectangleText("C", e.ownedC, 4) == "C[0..1][2..3]");
    CHECK(e.barriersPerPhase == 2);
    CHECK(expectedTiles(2, 4, 2, 0, 0, 0).barriersPerPhase == 1);
    CHECK(rectangleText("A", {{0, 1}, {5, 1}}, 4).empty());
}

TEST_CASE("cells named billions of rows apart are no rectangle, whatever their box's area (found by fuzz_run_record)") {
    const long far = std::numeric_limits<long>::max();
    CHECK(rectangleText("A", {{0, 1}, {far, 1}}, 32).empty());
    CHECK(rectangleText("A", {{std::numeric_limits<long>::min(), 1}, {far, 1}}, 1).empty());
    CHECK(rectangleText("A", {{-far, 1}, {far - 31, 1}}, 32).empty());
}

TEST_CASE("the record's lines are parsed") {
    const TileMap map = parsed(correctRecord());
    CHECK(map.blockX == 1);
    CHECK(map.phase == 1);
    CHECK(map.perPhase == 2);
    CHECK(map.rule == "barriers");
    CHECK(map.threads() == 4);
    CHECK(map.loadsA.size() == 4);
    CHECK(map.storesC.count(7) == 1);
    REQUIRE(map.intervals.size() == 2);
    CHECK(map.intervals[1].sharedReads == 4);
    CHECK_FALSE(parseTileMap({"launch index=0"}).ok());
}

TEST_CASE("a correct block is described as such") {
    const std::vector<std::string> s = describeTileMap(parsed(correctRecord()), expectedTiles(3, 4, 2, 1, 0, 1), 3, 4);
    CHECK(s[0] == "phase 1 of 2: what the block did after its barrier 2 and before its barrier 4 (4 barriers in all, 2 per phase).");
    CHECK(s[1] == "A: A[0..1][2..3], each of its 4 elements once, as a correct tiled kernel loads it.");
    CHECK(s[3] == "threads: each of the 4 threads loaded 1 element of A and 1 of B, as in a correct tiled kernel.");
    CHECK(s[4] == "C: the block owns C[0..1][2..3] and stored each of its 4 elements once.");
    CHECK(s[5] == "barriers: 4 in all, 2 per phase, as in a correct tiled kernel.");
    CHECK(s[7] == "  after barrier 2: 8 global loads, 4 shared stores, 0 shared loads.");
}

TEST_CASE("wrong tiles, repeated loads and one busy thread are named") {
    std::vector<std::string> lines = correctRecord();
    lines[1] = "tilemap_loads buffer=A cells=0:1,1:1,4:1,5:1";          // phase 0's tile again
    lines[2] = "tilemap_loads buffer=B cells=10:2,11:2,14:2,15:2";      // each element twice
    lines[3] = "tilemap_threads buffer=A counts=4,0,0,0";
    lines[4] = "tilemap_threads buffer=B counts=8,0,0,0";
    const std::vector<std::string> s = describeTileMap(parsed(lines), expectedTiles(3, 4, 2, 1, 0, 1), 3, 4);
    CHECK(s[1] == "A: your block loaded 4 elements (4 loads) in A[0..1][0..1]; a correct tiled kernel loads A[0..1][2..3], 4 elements, "
                  "each once. 4 of its elements were not loaded; 4 loaded elements lie outside that tile.");
    CHECK(s[2] == "B: your block loaded 4 elements (8 loads) in B[2..3][2..3]; a correct tiled kernel loads B[2..3][2..3], 4 elements, "
                  "each once. Every element was loaded 2 times.");
    CHECK(s[3] == "threads: 1 of the 4 threads loaded something (thread (0,0) the most: 4 of A and 8 of B); in a correct tiled kernel "
                  "each thread loads 1 element of A and 1 of B per phase.");
}

TEST_CASE("a block the grid does not have is named") {
    std::vector<std::string> lines = {"tilemap block=1,1 phase=0 phases=2 barriers=0 per_phase=0 rule=order block_dim=1,1,1 recorded=0 truncated=0"};
    const std::vector<std::string> s = describeTileMap(parsed(lines), expectedTiles(3, 4, 2, 1, 1, 0), 3, 4);
    REQUIRE(s.size() == 1);
    CHECK(s[0].find("block (1,1) never ran") == 0);
}

TEST_CASE("the plain picture marks loads, counts and misses beside the correct kernel") {
    std::vector<std::string> lines = correctRecord();
    lines[1] = "tilemap_loads buffer=A cells=2:1,3:3,6:1";  // A[1][3] missing, A[0][3] three times
    const TileMap map = parsed(lines);
    const TileExpectation e = expectedTiles(3, 4, 2, 1, 0, 1);
    const std::string text = renderTileMapText(map, e, {"a sentence"}, "title", 4, false);
    CHECK(text ==
          "title\n"
          "\n"
          "your kernel     a correct tiled kernel\n"
          "          B               B\n"
          "          2               2\n"
          "        0 ..            0 ..\n"
          "        1 ..            1 ..\n"
          "        2 ##            2 ##\n"
          "        3 ##            3 ##\n"
          "     A    C          A    C\n"
          "     0    2          0    2\n"
          "   0 ..#3 ##       0 ..## ##\n"
          "   1 ..#o ##       1 ..## ##\n"
          "\n"
          "#: loaded (in C: stored) once   2-9: that many times   *: 10 or more   .: neither\n"
          "o: a correct tiled kernel loads (stores) it, yours did not\n"
          "\n"
          "a sentence\n");
    const std::string svg = renderTileMapSvg(map, e, {"a <sentence>"}, "title", 4);
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.find("a &lt;sentence&gt;") != std::string::npos);
    CHECK(svg.find("fill=\"#fff3c4\" stroke=") != std::string::npos);  // the missing element
    CHECK(svg.find(">3</text>") != std::string::npos);                  // the count of A[0][3]
}

TEST_CASE("a record naming cells outside the matrix, or two billion threads, draws only the matrix, at once (found by fuzz_run_record)") {
    std::vector<std::string> lines = correctRecord();
    lines[0] = "tilemap block=1,0 phase=1 phases=2 barriers=4 per_phase=2 rule=barriers block_dim=65535,0,65535 recorded=1 truncated=0";
    lines[1] = "tilemap_loads buffer=A cells=2:1,3:1,6:1,7:1,1000000000000:1,-5:2";  // the child's record may say anything
    lines[5] = "tilemap_stores buffer=C cells=2:1,3:1,6:1,7:1,52644:1";
    const TileMap map = parsed(lines);
    const TileExpectation e = expectedTiles(3, 4, 2, 1, 0, 1);
    const std::vector<std::string> sentences = describeTileMap(map, e, 3, 4);
    const std::string text = renderTileMapText(map, e, sentences, "title", 4, false);
    CHECK_MESSAGE(text.find("   0 ..## ##") != std::string::npos, text);
    CHECK(std::count(text.begin(), text.end(), '\n') < 40);
    CHECK(renderTileMapSvg(map, e, sentences, "title", 4).size() < 20000);
}

TEST_CASE("the command a failure message suggests") {
    Lesson lesson;
    lesson.id = "lesson3";
    CHECK(tilemapCommand(graderCommand(), lesson, "k.cu", 1, 0, 1) == graderCommand() + " tilemap lesson3 k.cu --block 1,0 --phase 1");
    CHECK(tilemapCommand("build/grader/grader", lesson, "k.cu", 0, 0, 3, 64) == "build/grader/grader tilemap lesson3 k.cu --block 0,0 --phase 3 --n 64");
    CHECK(defaultTilemapSize(16) == 32);
}
