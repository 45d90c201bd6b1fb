// Drawing the tile map. Each picture is the textbook layout of a matrix
// product: B above C, A to the left of C, so that C[r][c] sits where row r
// of A meets column c of B. Two pictures side by side (one above the other
// when too wide): what the student's block did, and what a correct tiled
// kernel's block does. In the terminal: Unicode blocks and ANSI colours
// (green: as a correct kernel, red: not where it loads, yellow: missing);
// with NO_COLOR or into a file: plain ASCII. And the same as an SVG file.
// Non-goal: matrices larger than a screen can show (the command limits n).
#pragma once

#include <string>
#include <vector>

#include "tilemap/tilemap.h"

namespace grader {

/// The text picture, its legend and `sentences`, under `title`.
std::string renderTileMapText(const TileMap& map, const TileExpectation& expected, const std::vector<std::string>& sentences,
                              const std::string& title, int n, bool colour);

/// The same picture as a standalone SVG document.
std::string renderTileMapSvg(const TileMap& map, const TileExpectation& expected, const std::vector<std::string>& sentences,
                             const std::string& title, int n);

}  // namespace grader
