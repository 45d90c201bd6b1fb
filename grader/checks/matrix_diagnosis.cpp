// Reference product and the pattern catalogue of wrong results.
#include "checks/matrix_diagnosis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

namespace grader {

namespace {

using Formula = std::function<double(int, int)>;

struct Candidate {
    const char* code;  ///< the mistake's diagnosis code
    std::string pattern;
    Formula value;
    int mapPhase = -1;  ///< the phase whose tile map shows it (-1: no preference)
};

double dot(const MatmulCase& c, int row, int col, int kBegin, int kEnd) {
    const auto& A = *c.A;
    const auto& B = *c.B;
    double sum = 0;
    for (int k = std::max(0, kBegin); k < std::min(c.n, kEnd); ++k) sum += double(A[size_t(row) * c.n + k]) * B[size_t(k) * c.n + col];
    return sum;
}

/// The sum of term(k) for k in [kBegin, kEnd), added in order.
template <class Term>
double sumOverK(int kBegin, int kEnd, Term term) {
    double sum = 0;
    for (int k = kBegin; k < kEnd; ++k) sum += term(k);
    return sum;
}

std::string element(int row, int col) { return "C[" + std::to_string(row) + "][" + std::to_string(col) + "]"; }

std::string at(const char* matrix, long row, long col) {
    return std::string(matrix) + "[" + std::to_string(row) + "][" + std::to_string(col) + "]";
}

/// The phases one result sums: the launch's phase in lesson 2, all n / TILE in lesson 3.
std::vector<int> phasesOf(const MatmulCase& c) {
    if (c.kind() == LessonKind::TileLoading) return {c.phase};
    std::vector<int> phases;
    for (int p = 0; p * c.tile < c.n; ++p) phases.push_back(p);
    return phases;
}

/// Where a thread's tile element of A (or B) comes from in phase p, step k, for C[r][col].
using TileIndex = std::function<std::pair<long, long>(int p, int k, int r, int col)>;

/// C[r][col] as a tiled kernel computes it when its tiles hold A and B at the given places (0 outside the matrix).
double tiledSum(const MatmulCase& c, int r, int col, const TileIndex& aAt, const TileIndex& bAt) {
    const auto& A = *c.A;
    const auto& B = *c.B;
    const long n = c.n;
    const auto inside = [n](std::pair<long, long> rc) { return rc.first >= 0 && rc.first < n && rc.second >= 0 && rc.second < n; };
    double sum = 0;
    for (int p : phasesOf(c))
        for (int k = 0; k < c.tile; ++k) {
            const auto a = aAt(p, k, r, col), b = bAt(p, k, r, col);
            if (inside(a) && inside(b)) sum += double(A[size_t(a.first * n + a.second)]) * B[size_t(b.first * n + b.second)];
        }
    return sum;
}

/// The tile mistakes of lessons 2 and 3, worded with the student's names;
/// (fr, fc) is the first wrong element, for a concrete example.
std::vector<Candidate> tileCandidates(const MatmulCase& c, int fr, int fc) {
    const int T = c.tile;
    const std::string p = c.kind() == LessonKind::TileLoading ? "phase" : phaseVariable(c.phaseLoop);
    const TileIndex aRight = [T](int ph, int k, int r, int) { return std::make_pair(long(r), long(ph) * T + k); };
    const TileIndex bRight = [T](int ph, int k, int, int col) { return std::make_pair(long(ph) * T + k, long(col)); };
    const TileIndex aTransposed = [T](int ph, int k, int r, int) { return std::make_pair(long(r - r % T + k), long(ph) * T + r % T); };
    const TileIndex bTransposed = [T](int ph, int k, int, int col) { return std::make_pair(long(ph) * T + col % T, long(col - col % T + k)); };
    const TileIndex aColumnFromTy = [T](int ph, int, int r, int) { return std::make_pair(long(r), long(ph) * T + r % T); };
    const TileIndex bRowFromTx = [T](int ph, int, int, int col) { return std::make_pair(long(ph) * T + col % T, long(col)); };
    const TileIndex aNoTile = [](int ph, int k, int r, int) { return std::make_pair(long(r), long(ph) + k); };
    const TileIndex bNoTile = [](int ph, int k, int, int col) { return std::make_pair(long(ph) + k, long(col)); };
    const auto formula = [&c](TileIndex aAt, TileIndex bAt) {
        return [&c, aAt, bAt](int r, int col) { return tiledSum(c, r, col, aAt, bAt); };
    };
    const std::string tA = c.tiles.a, tB = c.tiles.b;
    // What the run shows, for one thread at one step k: the element its k loop multiplied by, and the one that belongs there.
    const int ph0 = c.kind() == LessonKind::TileLoading ? c.phase : 0, bx = fc / T, by = fr / T, x = fc % T, y = fr % T;
    const int kA = (y + 1) % T, kB = (x + 1) % T;  // a step where the transposed element differs
    const std::string thread = "thread (" + std::to_string(x) + "," + std::to_string(y) + ") of block (" + std::to_string(bx) + "," +
                               std::to_string(by) + ")";
    const std::string storeA = tA + "[ty][tx] = A[row * n + " + p + " * TILE + tx] and read " + tA + "[ty][k]";
    const std::string storeB = tB + "[ty][tx] = B[(" + p + " * TILE + ty) * n + col] and read " + tB + "[k][tx]";
    const std::string transposedA =
        "The tile of A is used transposed: in phase " + std::to_string(ph0) + ", at k = " + std::to_string(kA) + ", " + thread +
        " multiplies by " + at("A", long(by) * T + kA, long(ph0) * T + y) + " where " + at("A", long(by) * T + y, long(ph0) * T + kA) +
        " belongs, so row ty of " + tA + " holds a column of A: the stores to " + tA + " and the reads of it take the two indices in "
        "opposite orders. Store " + storeA + ".";
    const std::string transposedB =
        "The tile of B is used transposed: in phase " + std::to_string(ph0) + ", at k = " + std::to_string(kB) + ", " + thread +
        " multiplies by " + at("B", long(ph0) * T + x, long(bx) * T + kB) + " where " + at("B", long(ph0) * T + kB, long(bx) * T + x) +
        " belongs, so column tx of " + tB + " holds a row of B: the stores to " + tB + " and the reads of it take the two indices in "
        "opposite orders. Store " + storeB + ".";
    // The concrete example: phase 1 in lesson 3 (phase 0 hides the mistake), the launch's phase in lesson 2.
    const int ph = c.kind() == LessonKind::TileLoading ? c.phase : 1;
    const int tx = fc % T, ty = fr % T;
    const std::string who = "In phase " + std::to_string(ph) + ", thread (" + std::to_string(tx) + "," + std::to_string(ty) +
                            ") of block (" + std::to_string(fc / T) + "," + std::to_string(fr / T) + ") loads ";
    const std::string noTileA = who + at("A", fr, ph + tx) + " instead of " + at("A", fr, long(ph) * T + tx) +
                                ": the tile of A starts at column " + p + " * TILE + tx, and the * TILE is missing.";
    const std::string noTileB = who + at("B", ph + ty, fc) + " instead of " + at("B", long(ph) * T + ty, fc) +
                                ": the tile of B starts at row " + p + " * TILE + ty, and the * TILE is missing.";
    const std::string noTileBoth = who + at("A", fr, ph + tx) + " and " + at("B", ph + ty, fc) + " instead of " +
                                   at("A", fr, long(ph) * T + tx) + " and " + at("B", long(ph) * T + ty, fc) +
                                   ": both tiles start at " + p + " * TILE, and the * TILE is missing.";
    // A thread whose tx and ty differ shows the axis mistake in its own load.
    const int sx = tx, sy = tx == ty ? (ty + 1) % T : ty;
    const std::string swapWho = "In phase " + std::to_string(ph) + ", thread (" + std::to_string(sx) + "," + std::to_string(sy) +
                                ") of block (" + std::to_string(fc / T) + "," + std::to_string(fr / T) + ") loads ";
    const long exRow = long(fr / T) * T + sy, exCol = long(fc / T) * T + sx;
    const std::string bRowTx = swapWho + at("B", long(ph) * T + sx, exCol) + " instead of " + at("B", long(ph) * T + sy, exCol) +
                               ": the row of B's tile comes from tx, so every row of " + tB + " is the same. Its row is " + p +
                               " * TILE + ty: " + tB + "[ty][tx] = B[(" + p + " * TILE + ty) * n + col].";
    const std::string aColTy = swapWho + at("A", exRow, long(ph) * T + sy) + " instead of " + at("A", exRow, long(ph) * T + sx) +
                               ": the column of A's tile comes from ty, so every column of " + tA + " is the same. Its column is " +
                               p + " * TILE + tx: " + tA + "[ty][tx] = A[row * n + " + p + " * TILE + tx].";
    return {
        {"index.tile-b-row-from-tx", bRowTx, formula(aRight, bRowFromTx), ph},
        {"index.tile-a-column-from-ty", aColTy, formula(aColumnFromTy, bRight), ph},
        {"shared.tile-a-transposed", transposedA, formula(aTransposed, bRight)},
        {"shared.tile-b-transposed", transposedB, formula(aRight, bTransposed)},
        {"shared.tiles-transposed", transposedA + " The same goes for the tile of B: store " + storeB + ".", formula(aTransposed, bTransposed)},
        {"index.phase-offset-without-tile", noTileBoth, formula(aNoTile, bNoTile), ph},
        {"index.phase-offset-without-tile", noTileA, formula(aNoTile, bRight), ph},
        {"index.phase-offset-without-tile", noTileB, formula(aRight, bNoTile), ph},
    };
}

/// The bugs that leave a recognizable result, as formulas for C[row][col];
/// (fr, fc) is the first wrong element.
std::vector<Candidate> candidates(const MatmulCase& c, int fr, int fc) {
    const int n = c.n, T = c.tile;
    const auto& A = *c.A;
    const auto& B = *c.B;
    const int kBegin = c.kind() == LessonKind::TileLoading ? c.phase * T : 0;
    const int kEnd = c.kind() == LessonKind::TileLoading ? kBegin + T : n;
    std::vector<Candidate> list = {
        {"index.result-transposed", "The result is the transpose of the right one: every element lands mirrored across the diagonal. Either row and "
         "column come from the wrong axes (row must come from y and column from x: row = blockIdx.y * blockDim.y + threadIdx.y), "
         "or the store writes C[col * n + row].",
         [&c, kBegin, kEnd](int r, int col) { return dot(c, col, r, kBegin, kEnd); }},
        {"index.operands-swapped", "The result is B * A instead of A * B: the operands are swapped.",
         [&A, &B, n, kBegin, kEnd](int r, int col) {
             return sumOverK(kBegin, kEnd, [&](int k) { return double(B[size_t(r) * n + k]) * A[size_t(k) * n + col]; });
         }},
        {"index.b-read-along-row", "B is read along a row (B[col * n + k]) instead of down a column (B[k * n + col]).",
         [&A, &B, n, kBegin, kEnd](int r, int col) {
             return sumOverK(kBegin, kEnd, [&](int k) { return double(A[size_t(r) * n + k]) * B[size_t(col) * n + k]; });
         }},
        {"index.a-read-down-column", "A is read down a column (A[k * n + row]) instead of along a row (A[row * n + k]).",
         [&A, &B, n, kBegin, kEnd](int r, int col) {
             return sumOverK(kBegin, kEnd, [&](int k) { return double(A[size_t(k) * n + r]) * B[size_t(k) * n + col]; });
         }},
        {"sum.int-accumulator", "The sum is kept in an int: each partial sum is cut to a whole number. Use float sum = 0.0f.",
         [&A, &B, n, kBegin, kEnd](int r, int col) {
             int s = 0;
             for (int k = kBegin; k < kEnd; ++k) s = static_cast<int>(s + A[size_t(r) * n + k] * B[size_t(k) * n + col]);
             return double(s);
         }},
    };
    if (c.kind() == LessonKind::TiledPhaseLoop && n > T) {
        const std::string loop = phaseLoopName(c.phaseLoop);
        const std::string p = phaseVariable(c.phaseLoop);
        const int last = (n + T - 1) / T - 1;
        list.push_back({"loop.only-first-phase", "Only the first phase was summed: does " + loop + " run n / TILE times?",
                        [&c, T](int r, int col) { return dot(c, r, col, 0, T); }, 1});
        list.push_back({"sum.reset-in-phase-loop", "Only the last phase is in the result: is sum reset to 0 inside " + loop + "?",
                        [&c, n, T](int r, int col) { return dot(c, r, col, n - T, n); }});
        list.push_back({"loop.first-phase-missing", "The first phase is missing: " + loop + " must start at " + p + " = 0.",
                        [&c, n, T](int r, int col) { return dot(c, r, col, T, n); }, 0});
        list.push_back({"loop.last-phase-missing", "The last phase is missing: " + loop + " stops one tile early; " + p + " must reach n / TILE - 1 (" + p +
                            " < n / TILE).",
                        [&c, n, T](int r, int col) { return dot(c, r, col, 0, n - T); }, last});
    }
    if (loadsTiles(c.kind()))
        for (auto& candidate : tileCandidates(c, fr, fc)) list.push_back(std::move(candidate));
    if (c.kind() == LessonKind::TileLoading) {
        if (c.phase != 0)
            list.push_back({"index.phase-ignored", "The result is phase 0's share: the kernel ignores `phase` when it picks its columns of A and rows of B.",
                            [&c, T](int r, int col) { return dot(c, r, col, 0, T); }});
        list.push_back({"loop.sums-every-phase", "The result sums every phase: lesson 2 computes one phase's share (k from phase*TILE to phase*TILE + TILE - 1).",
                        [&c, n](int r, int col) { return dot(c, r, col, 0, n); }});
        list.push_back({"index.tile-a-without-phase-offset", "The tile of A comes from the wrong columns: its column index needs the phase offset, phase * TILE + tx.",
                        [&A, &B, n, kBegin, T](int r, int col) {
                            return sumOverK(0, T, [&](int k) { return double(A[size_t(r) * n + k]) * B[size_t(kBegin + k) * n + col]; });
                        }});
        list.push_back({"index.tile-b-without-phase-offset", "The tile of B comes from the wrong rows: its row index needs the phase offset, phase * TILE + ty.",
                        [&A, &B, n, kBegin, T](int r, int col) {
                            return sumOverK(0, T, [&](int k) { return double(A[size_t(r) * n + kBegin + k]) * B[size_t(k) * n + col]; });
                        }});
    }
    return list;
}

/// Describes which part of C the kernel never wrote, from the NaN pattern; sets `code`.
std::string coverage(const MatmulCase& c, const std::vector<char>& missing, std::string& code) {
    const int n = c.n;
    int lastRow = -1, lastCol = -1;
    long missingCount = 0;
    for (int r = 0; r < n; ++r)
        for (int col = 0; col < n; ++col) {
            if (missing[size_t(r) * n + col]) ++missingCount;
            else {
                lastRow = std::max(lastRow, r);
                lastCol = std::max(lastCol, col);
            }
        }
    code = "store.nothing-written";
    if (lastRow < 0) return "No element of C was written: does the kernel store its sum to C[row * n + col], and does the launch cover the matrix? (the starter's TODOs)";
    bool rectangle = true;
    for (int r = 0; r < n && rectangle; ++r)
        for (int col = 0; col < n; ++col)
            if (bool(missing[size_t(r) * n + col]) != (r > lastRow || col > lastCol)) {
                rectangle = false;
                break;
            }
    if (rectangle) {
        code = "grid.not-rounded-up";
        std::string text = "Never written: your grid covers only ";
        if (lastRow + 1 < n) text += "rows 0.." + std::to_string(lastRow) + (lastCol + 1 < n ? " and " : "");
        if (lastCol + 1 < n) text += "columns 0.." + std::to_string(lastCol);
        return text + " of " + std::to_string(n) + " (check the grid size at the launch: it must cover n / TILE blocks, rounded up, in each direction).";
    }
    code = "store.elements-not-written";
    return std::to_string(missingCount) + " elements were never written (they are still NaN): check which threads store to C.";
}

/// The elements of C that differ from the reference by more than the tolerance (or are NaN).
struct WrongElements {
    std::vector<size_t> wrong;  ///< row * n + col, in order
    std::vector<char> missing;  ///< per element: NaN and never written
    long nanWrong = 0;          ///< wrong elements that are NaN
    long writtenNan = 0;        ///< of those, the ones the kernel wrote
    double worst = 0;           ///< the largest error of an element that is not NaN
};

/// The tolerance of a case: its relative tolerance times n times the largest |A| and |B|.
double toleranceOf(const MatmulCase& c) {
    double maxA = 0, maxB = 0;
    for (float x : *c.A) maxA = std::max(maxA, double(std::fabs(x)));
    for (float x : *c.B) maxB = std::max(maxB, double(std::fabs(x)));
    return c.relativeTolerance * c.n * maxA * maxB;
}

/// Compares every element of `c.actual` with `expected`.
WrongElements findWrong(const MatmulCase& c, const std::vector<float>& expected, double tolerance) {
    const auto& actual = *c.actual;
    WrongElements w;
    w.missing.assign(expected.size(), 0);
    for (size_t i = 0; i < expected.size(); ++i) {
        const double diff = std::fabs(double(actual[i]) - expected[i]);
        if (!std::isnan(actual[i]) && !(diff > tolerance)) continue;  // a NaN reference element is never wrong
        w.wrong.push_back(i);
        if (!std::isnan(actual[i])) {
            w.worst = std::max(w.worst, diff);
            continue;
        }
        ++w.nanWrong;
        const bool wasWritten = c.written.size() == expected.size() && c.written[i] == '1';  // a record may lie
        if (wasWritten) ++w.writtenNan;
        else w.missing[i] = 1;
    }
    return w;
}

/// The first known mistake whose formula gives the result on a sample of wrong and right elements ("" when none does);
/// sets the verdict's map phase when one does.
std::string matchCandidate(const MatmulCase& c, const std::vector<float>& expected, const WrongElements& w, MatmulVerdict& v) {
    const auto& actual = *c.actual;
    const int n = c.n;
    std::vector<size_t> sample;
    const size_t step = std::max<size_t>(1, w.wrong.size() / 48);
    for (size_t i = 0; i < w.wrong.size(); i += step) sample.push_back(w.wrong[i]);
    const size_t rightStep = std::max<size_t>(1, expected.size() / 16);
    for (size_t i = 0; i < expected.size(); i += rightStep) sample.push_back(i);
    const size_t first = w.wrong.front();
    for (const auto& cand : candidates(c, static_cast<int>(first / n), static_cast<int>(first % n))) {
        const bool all = std::all_of(sample.begin(), sample.end(), [&](size_t i) {
            const double guess = cand.value(static_cast<int>(i / n), static_cast<int>(i % n));
            return !std::isnan(actual[i]) && !(std::fabs(guess - actual[i]) > v.tolerance);  // a NaN guess does not refute
        });
        if (all) {
            v.mapPhase = cand.mapPhase;
            v.code = cand.code;
            return cand.pattern;
        }
    }
    return "";
}

/// The facts of a result no known mistake explains: the region the wrong elements lie in, how many are NaN, the largest error.
std::string wrongRegion(const MatmulCase& c, const WrongElements& w, double tolerance) {
    const int n = c.n;
    int r0 = n, r1 = -1, c0 = n, c1 = -1;
    for (size_t i : w.wrong) {
        r0 = std::min(r0, int(i / n));
        r1 = std::max(r1, int(i / n));
        c0 = std::min(c0, int(i % n));
        c1 = std::max(c1, int(i % n));
    }
    std::string pattern;
    if (w.wrong.size() > 1 && (r0 > 0 || c0 > 0 || r1 < n - 1 || c1 < n - 1))
        pattern = "The wrong elements lie in rows " + std::to_string(r0) + ".." + std::to_string(r1) + ", columns " +
                  std::to_string(c0) + ".." + std::to_string(c1) + "; the rest is right.";
    if (w.nanWrong > 0)
        pattern += (pattern.empty() ? "" : " ") + std::to_string(w.nanWrong) +
                   " of them are NaN (never written, or computed from unloaded shared memory).";
    if (w.worst > 0 && w.worst < 100 * tolerance) {
        char text[96];
        std::snprintf(text, sizeof text, " The largest error is %.3g, the tolerance %.3g.", w.worst, tolerance);
        pattern += text;
    }
    return pattern;
}

/// What the wrong elements show: an uninitialized sum, NaN (written, or never written), a known mistake, all zeros,
/// or the facts; sets `recognized` when a pattern explains them.
std::string patternOf(const MatmulCase& c, const std::vector<float>& expected, const WrongElements& w, MatmulVerdict& v) {
    const auto& actual = *c.actual;
    const auto uninitialized = [&actual](size_t i) {
        uint32_t bits;
        std::memcpy(&bits, &actual[i], sizeof bits);
        return bits == kUninitializedFloatBits;
    };
    v.recognized = true;
    if (std::all_of(w.wrong.begin(), w.wrong.end(), uninitialized)) {
        v.code = "sum.uninitialized";
        return "Every wrong element is " + formatValue(actual[w.wrong.front()]) + ", the value a local variable that nothing set holds in the "
               "emulator: the sum started uninitialized. Start it at 0 (float sum = 0.0f;); on a GPU it starts with whatever its "
               "register held, so the result can change from run to run.";
    }
    if (w.nanWrong == v.wrong && w.writtenNan == v.wrong) {
        v.code = "store.accumulates-into-c";
        return "Your kernel wrote NaN: C is filled with NaN before every launch, so adding to it (C[...] += ...) keeps NaN; store the sum with =.";
    }
    if (w.nanWrong == v.wrong) return coverage(c, w.missing, v.code);
    if (std::string known = matchCandidate(c, expected, w, v); !known.empty()) return known;
    v.recognized = false;
    v.code = "result.wrong";
    const bool allZero = std::all_of(w.wrong.begin(), w.wrong.end(), [&actual](size_t i) { return actual[i] == 0.0f; });
    if (allZero && size_t(v.wrong) + 64 >= expected.size()) {
        v.code = "sum.never-added";
        return "Every element is 0: the kernel stores a sum it never added to (the starter's TODOs compute it).";
    }
    return wrongRegion(c, w, v.tolerance);
}

}  // namespace

std::string formatValue(double v) {
    if (std::isnan(v)) return "nan";
    char text[32];
    std::snprintf(text, sizeof text, "%.7g", v);
    return text;
}

MatmulVerdict diagnoseMatmul(const MatmulCase& c, const std::vector<float>& expected) {
    MatmulVerdict v;
    const auto& actual = *c.actual;
    v.tolerance = toleranceOf(c);
    if (actual.size() != expected.size()) {
        v.code = "result.wrong-size";
        v.message = "the harness returned " + std::to_string(actual.size()) + " elements, expected " + std::to_string(expected.size());
        return v;
    }
    const WrongElements w = findWrong(c, expected, v.tolerance);
    v.wrong = static_cast<long>(w.wrong.size());
    if (w.wrong.empty()) {
        v.ok = true;
        return v;
    }
    const size_t first = w.wrong.front();
    v.firstWrong = static_cast<long>(first);
    v.message = element(static_cast<int>(first / c.n), static_cast<int>(first % c.n)) + " = " + formatValue(actual[first]) +
                ", expected " + formatValue(expected[first]) + ". " + std::to_string(w.wrong.size()) + " of " +
                std::to_string(expected.size()) + (w.wrong.size() == 1 ? " elements is wrong." : " elements are wrong.");
    if (const std::string pattern = patternOf(c, expected, w, v); !pattern.empty()) {
        v.message += " " + pattern;
        if (v.recognized) v.hint = pattern;
    }
    return v;
}

MatmulVerdict judgeMatmul(const MatmulCase& c) {
    if (!isExactProduct(c)) return diagnoseMatmul(c, referenceProduct(c));
    MatmulVerdict v;
    v.ok = true;
    v.tolerance = toleranceOf(c);
    return v;
}

}  // namespace grader
