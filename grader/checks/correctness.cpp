// The correctness check: every element of C at several sizes (and, for
// lesson 2, phases), against a reference the parent computes; lesson 4's
// gflops against the formula. C alone decides: a read of unwritten shared
// memory fails only when its poison reaches C (and is then named as the
// cause), and a race or a divergent barrier whose values never reach C is
// the barriers check's, not this one's.
#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "backend/student_source.h"
#include "checks/check.h"
#include "checks/matrix_diagnosis.h"
#include "checks/source_scan.h"
#include "core/toolchain.h"
#include "harness/inputs.h"
#include "tilemap/tilemap.h"

namespace grader {

namespace {

std::string sizeList(const std::vector<long>& sizes) {
    std::string text;
    for (long n : sizes) text += (text.empty() ? "" : ", ") + std::to_string(n);
    return text;
}

CheckResult checkGflops(CheckContext& ctx) {
    const RunRequest request = correctnessRuns(ctx).front();
    const RunRecord& record = ctx.run(request);
    if (auto failed = failedRun(ctx, record, request)) return *failed;
    if (record.gflops.empty()) return makeResult(ctx, Status::Error, "the harness recorded no gflops values");
    for (const auto& g : record.gflops) {
        const int n = std::atoi(fieldText(g, "n").c_str());  // fieldText: a line the child wrote may lack a field
        const float ms = std::strtof(fieldText(g, "ms").c_str(), nullptr);
        const double got = std::strtod(fieldText(g, "value").c_str(), nullptr);
        const double expected = 2.0 * n * double(n) * n / (double(ms) * 1e6);
        const double rel = std::fabs(got - expected) / expected;
        if (rel <= ctx.spec.numberParam("tolerance", 1e-6)) continue;
        std::string why, code = "gflops.wrong";
        if (got == 0) why = "It returns 0: fill in TODO 5.", code = "gflops.zero";
        else if (std::fabs(got * 2 - expected) / expected < 1e-4) code = "gflops.half", why = "Half the right value: a multiply-add is two floating-point operations, 2 * n^3 in all.";
        else if (std::fabs(got / 1e3 - expected) / expected < 1e-4 || std::fabs(got * 1e3 - expected) / expected < 1e-4)
            code = "gflops.milliseconds-as-seconds", why = "Off by a factor of 1000: ms is milliseconds; GFLOP/s = flops / (ms * 1e6).";
        else if (std::fabs(got / 1e12 - expected) / expected < 1e-4)
            code = "gflops.operator-order", why = "1e12 times the right value: the 1e6 multiplies where it must divide, as in 2.0 * n * n * n / ms * 1e6 (/ and * "
                  "apply left to right, so that is (2.0 * n * n * n / ms) * 1e6). Divide by the product: 2.0 * n * n * n / (ms * 1e6).";
        else if (n >= 1291 && (got < 0 || rel > 1e-3))
            code = "gflops.int-overflow", why = "n * n * n overflowed an int (n >= 1291 gives more than 2^31): compute it in double, e.g. 2.0 * n * n * n.";
        std::string message = "gflops(" + std::to_string(n) + ", " + formatValue(ms) + ") = " + formatValue(got) +
                              ", expected " + formatValue(expected) + " (2 n^3 / (ms * 1e6)).";
        if (!why.empty()) message += " " + why;
        return withHint(makeResult(ctx, Status::Fail, code, message + " Rerun: " + ctx.rerunCommand(n)), why);
    }
    std::vector<long> sizes;
    for (const auto& n : request.extra) sizes.push_back(std::atol(n.c_str()));
    return makeResult(ctx, Status::Pass, "gflops is right for n = " + sizeList(sizes) + " (within a relative 1e-6)");
}

/// The name of a case in messages: "n=64", or "n=32 phase 1" in lesson 2.
std::string caseName(const CheckContext& ctx, int n, int phase) {
    return "n=" + std::to_string(n) + (ctx.lesson.kind() == LessonKind::TileLoading ? " phase " + std::to_string(phase) : "");
}

/// Compares the C a run recorded with the reference product of the case's
/// inputs; nullopt when the run recorded no C.
/// What messages quote from the student's source (lessons 2 and 3), read once per check.
struct StudentNames {
    std::optional<PhaseLoop> phaseLoop;
    TileNames tiles;
};

StudentNames studentNames(const CheckContext& ctx) {
    StudentNames names;
    if (std::string source; loadsTiles(ctx.lesson.kind()) && readStudentSource(ctx.file, source)) {
        if (ctx.lesson.kind() == LessonKind::TiledPhaseLoop) names.phaseLoop = findPhaseLoop(source);
        names.tiles = findTileNames(source);
    }
    return names;
}

std::optional<MatmulVerdict> judgeRun(const CheckContext& ctx, const StudentNames& names, const RunRecord& record, int n, int phase) {
    auto output = record.outputs.find("C");
    if (output == record.outputs.end()) return std::nullopt;
    const std::vector<float> A = course_inputs::makeMatrix(ctx.seed, 0, n);
    const std::vector<float> B = course_inputs::makeMatrix(ctx.seed, 1, n);
    MatmulCase c;
    c.lesson = ctx.lesson.number;
    c.n = n;
    c.phase = phase;
    c.tile = kKitTile;
    c.A = &A;
    c.B = &B;
    c.actual = &output->second;
    c.written = record.writtenC;
    c.relativeTolerance = ctx.spec.numberParam("tolerance", 1e-6);
    c.phaseLoop = names.phaseLoop;
    c.tiles = names.tiles;
    return judgeMatmul(c);
}

/// "\nSee what block (X,Y) loads in phase P: grader tilemap ..." for lessons 2
/// and 3 at sizes the map draws, else ""; lesson 3's phase is `mapPhase`, or 1
/// (phase 0 hides offset mistakes) when it is negative.
std::string seeTileMap(const CheckContext& ctx, int n, int bx, int by, int phase, int mapPhase) {
    const int tile = kKitTile;
    if (!loadsTiles(ctx.lesson.kind()) || n < tile || n > 8 * tile || n % tile != 0) return "";
    if (ctx.lesson.kind() == LessonKind::TiledPhaseLoop) phase = mapPhase >= 0 ? mapPhase : std::min(1, n / tile - 1);
    return "\nSee what block (" + std::to_string(bx) + "," + std::to_string(by) + ") loads in phase " + std::to_string(phase) + ": " +
           tilemapCommand(ctx.grader, ctx.lesson, ctx.displayFile, bx, by, phase, n == defaultTilemapSize(tile) ? std::nullopt : std::optional<int>(n));
}

/// The tile map of the block holding the first wrong element, or "".
std::string tileMapOfFirstWrong(const CheckContext& ctx, const MatmulVerdict& verdict, int n, int phase) {
    if (verdict.firstWrong < 0) return "";
    const int tile = kKitTile;
    return seeTileMap(ctx, n, static_cast<int>(verdict.firstWrong % n) / tile, static_cast<int>(verdict.firstWrong / n) / tile, phase,
                      verdict.mapPhase);
}

/// " C[i][j] is written by more than one thread ..." when the run saw two threads write one element of C, else "".
std::string writeConflictOfC(const RunRecord& record, int n) {
    auto w = std::find_if(record.writeConflicts.begin(), record.writeConflicts.end(), [](const auto& c) { return c.buffer == "C"; });
    if (w == record.writeConflicts.end()) return "";
    const long index = w->element.size() > 2 ? std::atol(w->element.c_str() + 2) : 0;  // "C[index]", as the record says
    auto thread = [](const int t[3]) { return "(" + std::to_string(t[0]) + "," + std::to_string(t[1]) + ")"; };
    return " C[" + std::to_string(index / n) + "][" + std::to_string(index % n) + "] is written by more than one thread in one launch (thread " +
           thread(w->first) + " of block " + thread(w->firstBlock) + ", then thread " + thread(w->second) + " of block " +
           thread(w->secondBlock) + "; " + std::to_string(w->count) + " such writes): each element of C must be written by exactly one thread.";
}

/// True when some element of C the kernel stored is NaN: the poison unwritten shared memory holds reached it.
bool poisonReachedC(const RunRecord& record, int n) {
    auto c = record.outputs.find("C");
    if (c == record.outputs.end()) return false;
    for (size_t i = 0; i < c->second.size() && i < size_t(n) * size_t(n); ++i)
        if (std::isnan(c->second[i]) && (record.writtenC.size() <= i || record.writtenC[i] == '1')) return true;
    return false;
}

/// A read of shared memory that no thread of the block wrote, for a student.
std::string uninitializedRead(const UninitializedRecord& u) {
    auto coords = [](const int t[3]) {
        return "(" + std::to_string(t[0]) + "," + std::to_string(t[1]) + (t[2] ? "," + std::to_string(t[2]) : "") + ")";
    };
    std::string text = u.element + " is read by thread " + coords(u.thread) + " of block " + coords(u.block) + " at " + u.at.text() +
                       " before any thread of the block wrote it";
    if (u.count > 1) text += " (" + std::to_string(u.count) + " such reads there)";
    return text + ", and that garbage reached C (the emulator fills unwritten shared memory with NaN, and C holds NaN). "
                  "Shared memory starts out holding garbage in every block, so the result depends on whatever was there: "
                  "every element a thread reads must be stored by some thread of the block first (at the matrix's edge, store 0).";
}

/// Why a right C proves nothing, or nullopt: the run raced on shared memory (a
/// read and a write of one word with no barrier between them) and the same
/// case, its blocks run in another order (one warp at a time, the last
/// first), gives wrong elements: the race's values reach C. A race whose
/// values never reach C is the barriers check's alone.
std::optional<Finding> orderDependence(CheckContext& ctx, const StudentNames& names, const RunRequest& request, const RunRecord& record) {
    if (ctx.backend.kind() != BackendKind::Cpu) return std::nullopt;
    auto race = std::find_if(record.hazards.begin(), record.hazards.end(), [](const HazardRecord& h) { return !h.bothWrite; });
    if (race == record.hazards.end()) return std::nullopt;
    RunRequest other = request;
    other.otherThreadOrder = true;
    const RunRecord& rerun = ctx.run(other);
    if (!describeFailedRun(rerun, other).empty()) return std::nullopt;
    const auto verdict = judgeRun(ctx, names, rerun, other.n, other.phase);
    if (!verdict || verdict->ok) return std::nullopt;
    auto coords = [](const int t[3]) {
        return "(" + std::to_string(t[0]) + "," + std::to_string(t[1]) + (t[2] ? "," + std::to_string(t[2]) : "") + ")";
    };
    const std::string read = "read by thread " + coords(race->other) + " at " + race->otherAt.text();
    Finding finding{"shared.race-changes-result", "", placeIn(ctx, race->writerAt), {{placeIn(ctx, race->otherAt), read}}, "", ""};
    finding.text = "every element of C is right in this run only because of the order the emulator ran the threads in: run one warp at a "
           "time, last warp first (an order a GPU may take), " + std::to_string(verdict->wrong) + " elements come out wrong. " +
           race->element + " is written by thread " + coords(race->writer) + " at " + race->writerAt.text() + " and " + read +
           " with no __syncthreads() between them; the barriers check says which barrier is missing.";
    return finding;
}

}  // namespace

std::vector<RunRequest> correctnessRuns(const CheckContext& ctx) {
    const std::vector<long> sizes = ctx.onlyN ? std::vector<long>{*ctx.onlyN}
                                              : correctnessSizes(ctx.lesson, ctx.spec, ctx.backend.kind() == BackendKind::Gpu);
    std::vector<RunRequest> requests;
    if (ctx.lesson.kind() == LessonKind::Timing) {  // one run calls gflops() at every size
        RunRequest& request = requests.emplace_back();
        request.mode = RunMode::Gflops;
        request.n = static_cast<int>(sizes.front());
        request.seed = ctx.seed;
        request.timeLimitS = ctx.spec.timeLimitS;
        for (long n : sizes) request.extra.push_back(std::to_string(n));
        return requests;
    }
    const int tile = kKitTile;
    for (long size : sizes) {  // every size, and in lesson 2 every phase of it
        const int n = static_cast<int>(size);
        std::vector<int> phases = {0};
        if (ctx.lesson.kind() == LessonKind::TileLoading) {
            std::set<int> unique;
            for (long p : ctx.spec.listParam("phases", {0})) {
                const int phase = p < 0 ? n / tile + static_cast<int>(p) : static_cast<int>(p);
                if (phase >= 0 && phase < std::max(1, n / tile)) unique.insert(phase);
            }
            phases.assign(unique.begin(), unique.end());
        }
        for (int phase : phases) {
            RunRequest& request = requests.emplace_back();
            request.n = n;
            request.phase = phase;
            request.seed = ctx.seed;
            request.timeLimitS = ctx.spec.timeLimitS;
        }
    }
    return requests;
}

CheckResult checkCorrectness(CheckContext& ctx) {
    if (ctx.lesson.kind() == LessonKind::Timing) return checkGflops(ctx);
    const bool gpu = ctx.backend.kind() == BackendKind::Gpu;
    std::vector<long> sizes = ctx.onlyN ? std::vector<long>{*ctx.onlyN} : correctnessSizes(ctx.lesson, ctx.spec, gpu);
    const int tile = kKitTile;
    const StudentNames names = studentNames(ctx);
    long cases = 0;
    const std::vector<RunRequest> requests = correctnessRuns(ctx);
    for (const RunRequest& request : requests) {
        const int n = request.n, phase = request.phase;
        const RunRecord& record = ctx.run(request);
        if (auto failed = failedRun(ctx, record, request)) return *failed;
        const auto verdict = judgeRun(ctx, names, record, n, phase);
        if (!verdict) return makeResult(ctx, Status::Error, "the harness recorded no output at " + caseName(ctx, n, phase));
        // Shared memory starts out poisoned (NaN): a read of a word no thread wrote
        // matters when its poison reached C, and is then the cause to name.
        if (!verdict->ok && !record.uninitialized.empty() && poisonReachedC(record, n))
            return withHint(makeResult(ctx, Status::Fail, "shared.uninitialized-read",
                              caseName(ctx, n, phase) + ": " + uninitializedRead(record.uninitialized.front()) + " Rerun: " +
                                  ctx.rerunCommand(n) +
                                  seeTileMap(ctx, n, record.uninitialized.front().block[0], record.uninitialized.front().block[1], phase, -1),
                              placeIn(ctx, record.uninitialized.front().at)),
                            "every element a thread reads must be stored by some thread of the block first (at the matrix's edge, store 0).");
        if (!verdict->ok) {
            std::string code = verdict->code, hint = verdict->hint;
            std::string message = caseName(ctx, n, phase) + ": " + verdict->message + writeConflictOfC(record, n) +
                                  " Rerun: " + ctx.rerunCommand(n) + tileMapOfFirstWrong(ctx, *verdict, n, phase);
            // A small size may hide the pattern: look at the largest size too.
            // One tile (n = TILE) looks the same for some mistakes: take the next size with two tiles.
            const bool oneTile = loadsTiles(ctx.lesson.kind()) && n <= tile;
            if ((!verdict->recognized || oneTile) && !ctx.onlyN && sizes.back() > n) {
                RunRequest larger = request;
                larger.n = static_cast<int>(sizes.back());
                if (oneTile && verdict->recognized)
                    larger.n = static_cast<int>(*std::find_if(sizes.begin(), sizes.end(), [n](long s) { return s > n; }));
                const RunRecord& big = ctx.run(larger);
                const auto bigVerdict = describeFailedRun(big, larger).empty() ? judgeRun(ctx, names, big, larger.n, phase) : std::nullopt;
                if (bigVerdict && !bigVerdict->ok && bigVerdict->recognized)
                    code = bigVerdict->code, hint = bigVerdict->hint, message = caseName(ctx, larger.n, phase) + ": " + bigVerdict->message + " Rerun: " + ctx.rerunCommand(larger.n) +
                              tileMapOfFirstWrong(ctx, *bigVerdict, larger.n, phase);
            }
            return withHint(makeResult(ctx, Status::Fail, code, message), hint);
        }
        if (auto luck = orderDependence(ctx, names, request, record))
            return makeResult(ctx, Status::Fail, "shared.race-changes-result", caseName(ctx, n, phase) + ": " + luck->text + " Rerun: " + ctx.rerunCommand(n),
                              luck->at, luck->related);
        ++cases;
    }
    std::string what = "every element of C is right at n = " + sizeList(sizes);
    if (ctx.lesson.kind() == LessonKind::TileLoading) what += " (" + std::to_string(cases) + " size-and-phase cases)";
    return makeResult(ctx, Status::Pass, what);
}

}  // namespace grader
