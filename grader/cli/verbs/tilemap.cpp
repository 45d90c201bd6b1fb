// `grader tilemap` (see tilemap.h).
#include "cli/verbs/tilemap.h"

#include "cli/verbs/table.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

#include "backend/backend.h"
#include "checks/check.h"
#include "tilemap/tilemap.h"
#include "tilemap/tilemap_render.h"
#include "trainer/answer_check.h"

#include <nlohmann/json.hpp>

namespace grader {

namespace {


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
    request.phase = lesson.kind() == LessonKind::TileLoading ? phase : 0;
    request.seed = 1;
    request.timeLimitS = 30;
    const int phases = lesson.kind() == LessonKind::TileLoading ? 1 : blocks;
    RunRecord record;
    {
        ArmedRecording armed(std::to_string(bx) + "," + std::to_string(by) + "," + std::to_string(lesson.kind() == LessonKind::TileLoading ? 0 : phase) + "," +
                             std::to_string(phases) + "," + (lesson.kind() == LessonKind::TileLoading ? "1" : "2"));
        record = cpu.run(build, request);
    }
    if (const std::string failure = describeFailedRun(record, request); !failure.empty())
        return Error{file, "the run failed, so there is no map: " + failure, ""};
    auto map = parseTileMap(record.tilemap);
    if (map && lesson.kind() == LessonKind::TileLoading) map->phase = phase;  // the launch's phase argument
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

ExitCode runTilemapCommand(const Course& course, const TilemapCommand& command, std::ostream& out, std::ostream& err) {
    auto found = course.lessonOrError(command.lesson);
    if (!found) return printCliError(err, found.error(), ExitCode::CannotRun);
    const Lesson* lesson = *found;
    if (!loadsTiles(lesson->kind()))
        return printCliError(err, {"", "the tile map draws the tiled kernels of lessons 2 and 3; " + lesson->id + " has no tiles", ""}, ExitCode::CannotRun);
    if (!std::filesystem::exists(command.file))
        return printCliError(err, {command.file, "no such file", "the lesson's file is starter/" + lesson->folder + "/" + lesson->studentFile}, ExitCode::CannotRun);
    const int tile = course.tile;
    const int n = command.n ? *command.n : defaultTilemapSize(tile);
    if (n < tile || n > 8 * tile || n % tile != 0)
        return printCliError(err, {"", "--n " + std::to_string(n) + " cannot be drawn", "a multiple of TILE = " + std::to_string(tile) + " from " +
                                                                              std::to_string(tile) + " to " + std::to_string(8 * tile)}, ExitCode::CannotRun);
    const int blocks = n / tile;
    int bx = -1, by = -1;
    char rest = 0;
    if (std::sscanf(command.block.c_str(), "%d,%d%c", &bx, &by, &rest) != 2)
        return printCliError(err, {"", "--block '" + command.block + "' is not X,Y", "e.g. --block 1,0 for blockIdx.x = 1, blockIdx.y = 0"}, ExitCode::CannotRun);
    if (bx < 0 || by < 0 || bx >= blocks || by >= blocks)
        return printCliError(err, {"", "block (" + command.block + ") is outside the grid at n = " + std::to_string(n),
                            "blocks are 0.." + std::to_string(blocks - 1) + " along each axis; --n changes the size"}, ExitCode::CannotRun);
    if (command.phase && (*command.phase < 0 || *command.phase >= blocks))
        return printCliError(err, {"", "phase " + std::to_string(*command.phase) + " does not exist at n = " + std::to_string(n),
                            "phases are 0.." + std::to_string(blocks - 1) + "; --n changes the size"}, ExitCode::CannotRun);

    auto cpu = makeCpuBackend();
    if (const std::string why = cpu->unavailableReason(); !why.empty())
        return printCliError(err, {"", "the cpu backend cannot run: " + why, ""}, ExitCode::CannotRun);
    const BuildResult build = cpu->build(*lesson, command.file, command.file);
    if (!build.ok) return printCliError(err, {command.file, "does not compile: " + build.summary, ""}, ExitCode::Failed);
    if (command.json) {
        nlohmann::ordered_json phases = nlohmann::ordered_json::array();
        nlohmann::ordered_json stores = nlohmann::ordered_json::array();
        for (int phase = command.phase.value_or(0); phase < (command.phase ? *command.phase + 1 : blocks); ++phase) {
            auto map = recordPhase(*cpu, build, *lesson, command.file, n, bx, by, phase, blocks);
            if (!map) return printCliError(err, map.error(), ExitCode::Failed);
            const TileExpectation expected = expectedTiles(lesson->number, n, tile, bx, by, phase);
            phases.push_back({{"phase", phase}, {"A", countsJson(map->loadsA, n)}, {"B", countsJson(map->loadsB, n)},
                              {"expected", {{"A", rangesJson(expected.loadsA, n)}, {"B", rangesJson(expected.loadsB, n)}}},
                              {"sentences", describeTileMap(*map, expected, lesson->number, n)}});
            stores = countsJson(map->storesC, n);
        }
        out << nlohmann::ordered_json{{"lesson", lesson->id}, {"n", n}, {"tile", tile}, {"block", {bx, by}}, {"phases", phases}, {"C", stores}}.dump()
            << "\n";
        return ExitCode::Done;
    }
    const int phase = command.phase.value_or(0);
    auto map = recordPhase(*cpu, build, *lesson, command.file, n, bx, by, phase, blocks);
    if (!map) return printCliError(err, map.error(), map.error().message.rfind("the run failed", 0) == 0 ? ExitCode::Failed : ExitCode::CannotRun);
    const TileExpectation expected = expectedTiles(lesson->number, n, tile, bx, by, phase);
    const std::vector<std::string> sentences = describeTileMap(*map, expected, lesson->number, n);
    const std::string title = "tile map: " + lesson->id + " " + command.file + ", n = " + std::to_string(n) + ", TILE = " +
                              std::to_string(tile) + ", block (" + std::to_string(bx) + "," + std::to_string(by) + "), phase " +
                              std::to_string(phase);
    out << renderTileMapText(*map, expected, sentences, title, n, command.colour);
    if (!command.svg.empty()) {
        std::ofstream svg(command.svg);
        if (!svg) return printCliError(err, {command.svg, "cannot write the SVG file", ""}, ExitCode::CannotRun);
        svg << renderTileMapSvg(*map, expected, sentences, title, n);
        out << "SVG: " << command.svg << "\n";
    }
    return ExitCode::Done;
}

/// The `tilemap` verb.
VerbEntry tilemapVerb() {
    return {"tilemap", "draw which elements of A and B one block loads in one phase (lessons 2 and 3)", Needs::Course,
            [](CLI::App& command) -> VerbRun {
                auto tilemap = std::make_shared<TilemapCommand>();
                command.add_option("lesson", tilemap->lesson, "lesson2 or lesson3")->required();
                command.add_option("file", tilemap->file, "the student's .cu file")->required();
                command.add_option("--block", tilemap->block, "the block X,Y (blockIdx.x, blockIdx.y); default 0,0");
                command.add_option("--phase", tilemap->phase,
                                   "the phase to draw: lesson 2's launch argument, lesson 3's loop iteration; default 0 (with --json: every phase)");
                command.add_option("--n", tilemap->n, "the matrix size (default 2 x TILE)");
                command.add_option("--svg", tilemap->svg, "also write the picture as an SVG file");
                command.add_flag("--json", tilemap->json, "print the maps as JSON instead: every phase of the block, or --phase's only");
                return [tilemap](const VerbInput& input) {
                    tilemap->colour = colourWanted();
                    return runTilemapCommand(*input.course, *tilemap, std::cout, std::cerr);
                };
            }};
}

}  // namespace grader
