// What the checks read from the student's source text to speak in the
// student's own words: the text without comments, and the phase loop (the
// loop around the kernel's barriers) with its line and variable name.
// Non-goals: parsing C++; anything a verdict depends on (runs decide those).
#pragma once

#include <optional>
#include <string>

namespace grader {

/// `source` with comments and string literals turned to spaces (newlines kept).
std::string blankedComments(std::string source);

/// The loop that carries a tiled kernel's phases, as the student wrote it.
struct PhaseLoop {
    int line = 0;          ///< the line of its `for`
    std::string header;    ///< "for (int ph = 0; ph < n / TILE - 1; ++ph)", spaces collapsed
    std::string variable;  ///< "ph"
};

/// The first (outermost) `for` loop whose body calls __syncthreads() or a
/// group's sync(), or nullopt when there is none or its variable is unclear.
std::optional<PhaseLoop> findPhaseLoop(const std::string& source);

/// The shared arrays a tiled kernel stores A's and B's elements into, as named in the source.
struct TileNames {
    std::string a = "tA", b = "tB";  ///< the lesson's names when the source does not show them
};

/// Finds `NAME[...][...] = A[` (and B) in the source; unfound names keep the lesson's.
TileNames findTileNames(const std::string& source);

/// "your phase loop (line 21: `for (...)`)" or "the phase loop" without one.
std::string phaseLoopName(const std::optional<PhaseLoop>& loop);

/// The loop's variable, or `fallback` without a loop.
std::string phaseVariable(const std::optional<PhaseLoop>& loop, const std::string& fallback = "p");

}  // namespace grader
