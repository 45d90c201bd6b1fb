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
#include "checks/tilemap_run.h"
#include "tilemap/tilemap_render.h"

namespace grader {

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
    const TilemapRequest request{n, tile, bx, by, command.phase};
    if (command.json) {
        auto json = tilemapJson(*cpu, build, *lesson, command.file, request);
        if (!json) return printCliError(err, json.error(), ExitCode::Failed);
        out << *json << "\n";
        return ExitCode::Done;
    }
    if (!build.ok) return printCliError(err, unbuiltTilemapError(command.file, build), ExitCode::Failed);
    const int phase = command.phase.value_or(0);
    auto map = recordTilemapPhase(*cpu, build, *lesson, command.file, request, phase);
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
