// Compares a kernel's C with the reference and says what a teacher would:
// the first wrong element, how many are wrong, and a recognizable pattern
// (never written, written as NaN, transposed, operands swapped, only some
// phases summed, the phase ignored, a tile stored transposed in shared
// memory, a phase offset without * TILE, B's tile row taken from tx or A's
// tile column from ty, an int accumulator, an accumulator never set, a
// wrong region).
// Non-goal: guessing at arbitrary bugs; an unrecognized result gets the facts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checks/source_scan.h"
#include "core/course.h"

namespace grader {

/// The bits of a float local variable that nothing initialized, in the
/// emulator: the cpu backend compiles with -ftrivial-auto-var-init=pattern,
/// whose GCC pattern is the byte 0xFE (-1.694739e+38). Clang's is 0xFF, a NaN
/// that C's NaN fill hides, so a grader built with Clang names it as NaN.
constexpr uint32_t kUninitializedFloatBits = 0xFEFEFEFEu;

/// The inputs and outputs of one matmul case.
struct MatmulCase {
    int lesson = 3;
    int n = 0;
    int phase = 0;  ///< lesson 2 only
    int tile = 16;
    const std::vector<float>* A = nullptr;
    const std::vector<float>* B = nullptr;
    const std::vector<float>* actual = nullptr;
    std::string written;  ///< per element '1' if the kernel wrote it (cpu only), else empty
    double relativeTolerance = 1e-6;
    std::optional<PhaseLoop> phaseLoop;  ///< the student's phase loop, to quote its names (lesson 3)
    TileNames tiles;                     ///< the student's names of the shared tiles

    /// What the lesson's kernel does (from `lesson`).
    LessonKind kind() const { return lessonKind(lesson); }
};

/// The reference product (lesson 2: the phase's share), computed in the parent.
std::vector<float> referenceProduct(const MatmulCase& c);

/// True when `c.actual` is exactly that product, shown by Freivalds' test in integers (C x == A (B x) for three random
/// vectors; a wrong C passes with probability below 2^-48): the kit's inputs are multiples of 1/4 whose partial sums are
/// exact in float, so a right C is exactly the reference. False: not shown (another C, or inputs it cannot take).
bool isExactProduct(const MatmulCase& c);

/// The comparison of one case.
struct MatmulVerdict {
    bool ok = false;
    bool recognized = false;  ///< a known pattern explains the difference
    long wrong = 0;
    std::string message;  ///< empty when ok
    std::string code;     ///< the mistake's diagnosis code (result.wrong when no known pattern explains it); empty when ok
    std::string hint;     ///< the known pattern's explanation and fix (the end of `message`); empty when none is recognized
    double tolerance = 0;
    long firstWrong = -1;  ///< row * n + col of the first wrong element
    int mapPhase = -1;     ///< the phase whose tile map shows the mistake best (-1: no preference)
};

/// Compares `c.actual` with `expected` and diagnoses the difference.
MatmulVerdict diagnoseMatmul(const MatmulCase& c, const std::vector<float>& expected);

/// The verdict of `c`: right at once when isExactProduct shows it, else diagnoseMatmul against the reference product.
/// The same verdict as diagnoseMatmul(c, referenceProduct(c)), without the O(n^3) product for a right C.
MatmulVerdict judgeMatmul(const MatmulCase& c);

/// "%g" without trailing noise: 12, -3.25, nan.
std::string formatValue(double v);

}  // namespace grader
