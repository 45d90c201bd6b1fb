// The tile map of a built lesson 2 or 3 file as `grader tilemap LESSON FILE
// --json` prints it (CONTRACT.md gives the shape): the child run on the cpu
// emulator once per phase with the recording armed for one block, each
// phase's loads of A and B beside the tiles a correct kernel's block loads,
// the sentences, and the block's stores of C. Shared by the native verb
// (cli/verbs/tilemap.cpp) and the browser's judge (`judge tilemap`,
// web/judge/browser_tilemap.cpp), whose backend hands its runs to the page's
// Worker, so both print the same bytes and the same errors.
// Non-goals: the picture (tilemap/tilemap_render.h); checking the command's
// arguments (block, phase and size are the verb's to check).
#pragma once

#include <optional>
#include <string>

#include "backend/backend.h"
#include "core/course.h"
#include "core/error.h"
#include "tilemap/tilemap.h"

namespace grader {

/// Which block, size and phases to map.
struct TilemapRequest {
    int n = 32, tile = 16;
    int blockX = 0, blockY = 0;
    std::optional<int> phase;  ///< one phase; every phase of the block when absent
};

/// The map of block (`request.blockX`, `request.blockY`) in `phase`, recorded by one run of `build` on `cpu`: lesson 2
/// launches that phase, lesson 3 records that loop iteration. An Error naming `file` when the run failed.
Expected<TileMap> recordTilemapPhase(Backend& cpu, const BuildResult& build, const Lesson& lesson, const std::string& file,
                                     const TilemapRequest& request, int phase);

/// The Error for a file that did not build: "FILE: does not compile: SUMMARY".
Error unbuiltTilemapError(const std::string& file, const BuildResult& build);

/// The JSON object of `grader tilemap LESSON FILE --json` on one line (no newline), or the Error it prints (the file
/// does not compile, or a run failed).
Expected<std::string> tilemapJson(Backend& cpu, const BuildResult& build, const Lesson& lesson, const std::string& file,
                                  const TilemapRequest& request);

}  // namespace grader
