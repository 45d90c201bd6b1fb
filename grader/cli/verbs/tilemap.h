// `grader tilemap LESSON FILE --block X,Y --phase P [--n N] [--svg FILE]`:
// builds the student's lesson 2 or 3 kernel for the cpu emulator, runs it
// once with the tile map's recording armed for block (X,Y) (see
// grader/emu/tilemap.h), and draws which elements of A and B that block
// loaded in phase P and which tile of C it stored, beside what a correct
// tiled kernel's block does; with --svg, the same picture as an SVG file.
// With --json, the maps as one JSON object instead (CONTRACT.md gives the
// shape): every phase of the block, or only --phase's when it is given.
// Exit 0: drawn; 1: the file does not compile or the run failed; 2: bad
// arguments (a lesson without tiles, a block or phase outside the grid).
// Non-goal: judging; the traffic and barriers checks do that, and point here.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "cli/verb.h"
#include "core/course.h"

namespace grader {

/// What `grader tilemap` was asked.
struct TilemapCommand {
    std::string lesson, file;
    std::string block = "0,0";  ///< "X,Y"
    std::optional<int> phase;  ///< default: 0 for the picture, every phase for --json
    std::optional<int> n;  ///< default: defaultTilemapSize(TILE)
    std::string svg;       ///< write the SVG here when not empty
    bool colour = false;
    bool json = false;  ///< --json: the maps as JSON, no picture
};

/// Runs `grader tilemap`; prints the picture on `out` and problems once on `err`; returns the exit code.
ExitCode runTilemapCommand(const Course& course, const TilemapCommand& command, std::ostream& out, std::ostream& err);

}  // namespace grader
