// `grader tilemap` (see tilemap_command.h).
#include "tilemap/tilemap_command.h"

#include <cstdlib>
#include <fstream>

#include "backend/backend.h"
#include "checks/check.h"
#include "tilemap/tilemap.h"
#include "tilemap/tilemap_render.h"
#include "trainer/answer_check.h"

#include <nlohmann/json.hpp>

namespace grader {

namespace {

constexpr int kTilemapFailed = 1;
constexpr int kTilemapUsage = 2;

/// Arms the emulator's recording in the child for as long as it lives.
class ArmedRecording {
public:
    explicit ArmedRecording(const std::string& spec) { setenv("CUEMU_TILEMAP", spec.c_str(), 1); }
    ~ArmedRecording() { unsetenv("CUEMU_TILEMAP"); }
};

/// The map of block (bx, by) in `phase`: lesson 2 launches that phase, lesson 3 records that loop iteration.
Expected<TileMap> recordPhase(Backend& cpu, const BuildResult& build, const Lesson& lesson, const std::string& file, int n, int bx, int by,
                              int phase, int blocks) {
    RunRequest request;
    request.n = n;
    request.phase = lesson.number == 2 ? phase : 0;
    request.seed = 1;
    request.timeLimitS = 30;
    const int phases = lesson.number == 2 ? 1 : blocks;
    RunRecord record;
    {
        ArmedRecording armed(std::to_string(bx) + "," + std::to_string(by) + "," + std::to_string(lesson.number == 2 ? 0 : phase) + "," +
                             std::to_string(phases) + "," + (lesson.number == 2 ? "1" : "2"));
        record = cpu.run(build, request);
    }
    if (const std::string failure = describeFailedRun(record, request); !failure.empty())
        return Error{file, "the run failed, so there is no map: " + failure, ""};
    auto map = parseTileMap(record.tilemap);
    if (map && lesson.number == 2) map->phase = phase;  // the launch's phase argument
    return map;
}

/// [[r, c, count], ...] of element indices at size `n`.
nlohmann::ordered_json countsJson(const CellCounts& cells, int n) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& [index, count] : cells) list.push_back({index / n, index % n, count});
    return list;
}

/// [[r0, r1, c0, c1], ...]: the cells as rectangles.
nlohmann::ordered_json rangesJson(const CellCounts& cells, int n) {
    CellSet set;
    for (const auto& [index, count] : cells) set.insert({static_cast<int>(index / n), static_cast<int>(index % n)});
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& r : rectanglesOf(set)) list.push_back({r.r0, r.r1, r.c0, r.c1});
    return list;
}

}  // namespace

int runTilemapCommand(const Course& course, const TilemapCommand& command, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.lesson);
    if (!found) return printError(err, found.error(), kTilemapUsage);
    const Lesson* lesson = *found;
    if (lesson->number != 2 && lesson->number != 3)
        return printError(err, {"", "the tile map draws the tiled kernels of lessons 2 and 3; " + lesson->id + " has no tiles", ""}, kTilemapUsage);
    if (!std::filesystem::exists(command.file))
        return printError(err, {command.file, "no such file", "the lesson's file is starter/" + lesson->folder + "/" + lesson->studentFile}, kTilemapUsage);
    const int tile = course.tile;
    const int n = command.n ? *command.n : defaultTilemapSize(tile);
    if (n < tile || n > 8 * tile || n % tile != 0)
        return printError(err, {"", "--n " + std::to_string(n) + " cannot be drawn", "a multiple of TILE = " + std::to_string(tile) + " from " +
                                                                              std::to_string(tile) + " to " + std::to_string(8 * tile)}, kTilemapUsage);
    const int blocks = n / tile;
    int bx = -1, by = -1;
    char rest = 0;
    if (std::sscanf(command.block.c_str(), "%d,%d%c", &bx, &by, &rest) != 2)
        return printError(err, {"", "--block '" + command.block + "' is not X,Y", "e.g. --block 1,0 for blockIdx.x = 1, blockIdx.y = 0"}, kTilemapUsage);
    if (bx < 0 || by < 0 || bx >= blocks || by >= blocks)
        return printError(err, {"", "block (" + command.block + ") is outside the grid at n = " + std::to_string(n),
                            "blocks are 0.." + std::to_string(blocks - 1) + " along each axis; --n changes the size"}, kTilemapUsage);
    if (command.phase && (*command.phase < 0 || *command.phase >= blocks))
        return printError(err, {"", "phase " + std::to_string(*command.phase) + " does not exist at n = " + std::to_string(n),
                            "phases are 0.." + std::to_string(blocks - 1) + "; --n changes the size"}, kTilemapUsage);

    auto cpu = makeCpuBackend();
    if (const std::string why = cpu->unavailableReason(); !why.empty())
        return printError(err, {"", "the cpu backend cannot run: " + why, ""}, kTilemapUsage);
    const BuildResult build = cpu->build(*lesson, command.file, command.file);
    if (!build.ok) return printError(err, {command.file, "does not compile: " + build.summary, ""}, kTilemapFailed);
    if (command.json) {
        nlohmann::ordered_json phases = nlohmann::ordered_json::array();
        nlohmann::ordered_json stores = nlohmann::ordered_json::array();
        for (int phase = command.phase.value_or(0); phase < (command.phase ? *command.phase + 1 : blocks); ++phase) {
            auto map = recordPhase(*cpu, build, *lesson, command.file, n, bx, by, phase, blocks);
            if (!map) return printError(err, map.error(), kTilemapFailed);
            const TileExpectation expected = expectedTiles(lesson->number, n, tile, bx, by, phase);
            phases.push_back({{"phase", phase}, {"A", countsJson(map->loadsA, n)}, {"B", countsJson(map->loadsB, n)},
                              {"expected", {{"A", rangesJson(expected.loadsA, n)}, {"B", rangesJson(expected.loadsB, n)}}},
                              {"sentences", describeTileMap(*map, expected, lesson->number, n)}});
            stores = countsJson(map->storesC, n);
        }
        out << nlohmann::ordered_json{{"lesson", lesson->id}, {"n", n}, {"tile", tile}, {"block", {bx, by}}, {"phases", phases}, {"C", stores}}.dump()
            << "\n";
        return 0;
    }
    const int phase = command.phase.value_or(0);
    auto map = recordPhase(*cpu, build, *lesson, command.file, n, bx, by, phase, blocks);
    if (!map) return printError(err, map.error(), map.error().message.rfind("the run failed", 0) == 0 ? kTilemapFailed : kTilemapUsage);
    const TileExpectation expected = expectedTiles(lesson->number, n, tile, bx, by, phase);
    const std::vector<std::string> sentences = describeTileMap(*map, expected, lesson->number, n);
    const std::string title = "tile map: " + lesson->id + " " + command.file + ", n = " + std::to_string(n) + ", TILE = " +
                              std::to_string(tile) + ", block (" + std::to_string(bx) + "," + std::to_string(by) + "), phase " +
                              std::to_string(phase);
    out << renderTileMapText(*map, expected, sentences, title, n, command.colour);
    if (!command.svg.empty()) {
        std::ofstream svg(command.svg);
        if (!svg) return printError(err, {command.svg, "cannot write the SVG file", ""}, kTilemapUsage);
        svg << renderTileMapSvg(*map, expected, sentences, title, n);
        out << "SVG: " << command.svg << "\n";
    }
    return 0;
}

}  // namespace grader
