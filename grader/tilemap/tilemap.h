// The tile map's model: what the emulator recorded for one block in one
// phase (the elements of A and B it loaded, how many times and by how many
// threads, the elements of C it stored, what it did between its barriers),
// what a correct tiled kernel's block does in that phase, and the sentences
// that compare the two. The recording and the meaning of "phase" on the
// emulator are described in grader/emu/tilemap.h.
// Non-goals: drawing (tilemap_render.h); running the kernel (cli/verbs/tilemap.h).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// Element index (row * n + col) -> how many times it was loaded or stored.
using CellCounts = std::map<long, uint64_t>;

/// What the block did between two of its barriers.
struct BarrierInterval {
    int index = 0;   ///< barriers the block had passed
    int phase = -1;  ///< the phase it belongs to (-1: the rule has no intervals)
    uint64_t loads = 0, sharedReads = 0, sharedWrites = 0;
};

/// What the emulator recorded for one block and one phase.
struct TileMap {
    int blockX = 0, blockY = 0, phase = 0, phases = 1;
    unsigned barriers = 0;  ///< the block's barriers in all
    int perPhase = 0;       ///< barriers per phase used to cut the intervals into phases
    std::string rule;       ///< launch | barriers | order (see grader/emu/tilemap.h)
    unsigned blockDim[3] = {1, 1, 1};
    bool recorded = false;  ///< the block ran at all
    bool truncated = false;
    CellCounts loadsA, loadsB;                  ///< in the phase
    std::vector<uint64_t> threadA, threadB;     ///< loads of each thread of the block in the phase
    CellCounts storesC;                         ///< in the whole launch
    std::vector<BarrierInterval> intervals;

    /// Threads in the block.
    unsigned threads() const { return blockDim[0] * blockDim[1] * blockDim[2]; }
};

/// Parses the record's "tilemap*" lines.
Expected<TileMap> parseTileMap(const std::vector<std::string>& lines);

/// What a correct tiled kernel's block (X, Y) does in phase P: one element of each tile per thread.
struct TileExpectation {
    CellCounts loadsA, loadsB;  ///< each element of the phase's tiles, once
    CellCounts ownedC;          ///< the block's tile of C, each element once
    int barriersPerPhase = 2;   ///< 1 in lesson 2 (one phase per launch), 2 in lesson 3
};

/// The correct kernel's tiles for block (`blockX`, `blockY`) in `phase`, at size `n` with `tile`.
TileExpectation expectedTiles(int lesson, int n, int tile, int blockX, int blockY, int phase);

/// The facts of the map in sentences: A, B, the threads, C, the barriers, the intervals.
std::vector<std::string> describeTileMap(const TileMap& map, const TileExpectation& expected, int lesson, int n);

/// "A[0..15][16..31]" for a rectangle of cells, or "" when `cells` is not one.
std::string rectangleText(const char* matrix, const CellCounts& cells, int n);

/// The command that draws block (`blockX`, `blockY`) in `phase`, for a failure message
/// ("GRADER tilemap lesson3 FILE --block 0,0 --phase 1", GRADER as `grader` names it); `n` only when it
/// differs from the default.
std::string tilemapCommand(const std::string& grader, const Lesson& lesson, const std::string& file, int blockX, int blockY,
                           int phase, std::optional<int> n = std::nullopt);

/// The tile map's default size: 2 tiles per side, so there are two phases to compare.
int defaultTilemapSize(int tile);

}  // namespace grader
