// The tile map's runs and JSON (see tilemap_run.h).
#include "checks/tilemap_run.h"

#include <nlohmann/json.hpp>

#include "checks/check.h"
#include "trainer/answer_check.h"

namespace grader {

namespace {

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

Expected<TileMap> recordTilemapPhase(Backend& cpu, const BuildResult& build, const Lesson& lesson, const std::string& file,
                                     const TilemapRequest& request, int phase) {
    const bool launchPerPhase = lesson.kind() == LessonKind::TileLoading;
    RunRequest run;
    run.n = request.n;
    run.phase = launchPerPhase ? phase : 0;
    run.seed = 1;
    run.timeLimitS = 30;
    const int phases = launchPerPhase ? 1 : request.n / request.tile;
    run.tilemap = std::to_string(request.blockX) + "," + std::to_string(request.blockY) + "," + std::to_string(launchPerPhase ? 0 : phase) + "," +
                  std::to_string(phases) + "," + (launchPerPhase ? "1" : "2");
    const RunRecord record = cpu.run(build, run);
    if (const std::string failure = describeFailedRun(record, run); !failure.empty())
        return Error{file, "the run failed, so there is no map: " + failure, ""};
    auto map = parseTileMap(record.tilemap);
    if (map && launchPerPhase) map->phase = phase;  // the launch's phase argument
    return map;
}

Error unbuiltTilemapError(const std::string& file, const BuildResult& build) { return {file, "does not compile: " + build.summary, ""}; }

Expected<std::string> tilemapJson(Backend& cpu, const BuildResult& build, const Lesson& lesson, const std::string& file,
                                  const TilemapRequest& request) {
    if (!build.ok) return unbuiltTilemapError(file, build);
    const int n = request.n;
    nlohmann::ordered_json phases = nlohmann::ordered_json::array();
    nlohmann::ordered_json stores = nlohmann::ordered_json::array();
    for (int phase = request.phase.value_or(0); phase < (request.phase ? *request.phase + 1 : n / request.tile); ++phase) {
        auto map = recordTilemapPhase(cpu, build, lesson, file, request, phase);
        if (!map) return map.error();
        const TileExpectation expected = expectedTiles(lesson.number, n, request.tile, request.blockX, request.blockY, phase);
        phases.push_back({{"phase", phase}, {"A", countsJson(map->loadsA, n)}, {"B", countsJson(map->loadsB, n)},
                          {"expected", {{"A", rangesJson(expected.loadsA, n)}, {"B", rangesJson(expected.loadsB, n)}}},
                          {"sentences", describeTileMap(*map, expected, lesson.number, n)}});
        stores = countsJson(map->storesC, n);
    }
    return nlohmann::ordered_json{{"lesson", lesson.id}, {"n", n}, {"tile", request.tile}, {"block", {request.blockX, request.blockY}},
                                  {"phases", phases}, {"C", stores}}
        .dump();
}

}  // namespace grader
