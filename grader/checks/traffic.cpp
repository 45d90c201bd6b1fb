// The traffic check: floats the kernel reads from global memory, counted per
// executed load (a float4 load counts 4), per element of C; whether the
// loading is shared by the block (no thread loads more than a vector load's
// share, kVectorWidth times the average); and the floats it stores to C,
// which a kernel stores once per element. Judged by amount, not by how
// many threads take part: a float4 loader passes, a lone loader does not.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "backend/student_source.h"
#include "checks/check.h"
#include "checks/source_scan.h"
#include "core/toolchain.h"
#include "tilemap/tilemap.h"

namespace grader {

namespace {

/// The widest load a thread makes at once, in floats (float4): the most a
/// thread's share of the loading may exceed the block's average.
constexpr uint64_t kVectorWidth = 4;

/// True when no thread read more than kVectorWidth times its fair share of `words` over `threads`.
bool sharedLoading(uint64_t words, uint64_t threads, uint64_t maxThread) {
    if (threads == 0) return true;
    const uint64_t fair = std::max<uint64_t>(1, (words + threads - 1) / threads);
    return maxThread <= kVectorWidth * fair;
}

/// The tile map that shows which elements a block loads (lessons 2 and 3; "" otherwise).
std::string seeTileMap(const CheckContext& ctx) {
    if (!loadsTiles(ctx.lesson.kind())) return "";
    return "\nSee which elements block (0,0) loads in phase 1: " + tilemapCommand(ctx.grader, ctx.lesson, ctx.displayFile, 0, 0, 1);
}

/// The student's phase loop as messages name it ("your phase loop (line 18: `for ...`)").
std::string phaseLoopOf(const CheckContext& ctx) {
    std::string source;
    return phaseLoopName(readStudentSource(ctx.file, source) ? findPhaseLoop(source) : std::nullopt);
}

/// Why the kernel stores more floats to C than C has, or "": the store inside
/// the phase loop (once per phase) or inside the k loop (once per product).
std::string repeatedStores(const CheckContext& ctx, const RunRecord& record, int n) {
    uint64_t stores = 0;
    for (const auto& l : record.launches)
        if (auto c = l.traffic.find("C"); c != l.traffic.end()) stores += c->second.writeWords;
    const uint64_t elements = uint64_t(n) * n;
    if (stores <= elements) return "";
    const uint64_t times = stores / elements;
    const int phases = n / kKitTile;
    std::string text = "your kernel stores " + std::to_string(stores) + " floats to C at n=" + std::to_string(n) + ", which has " +
                       std::to_string(elements) + " elements";
    if (stores % elements == 0) text += ": each element is stored " + std::to_string(times) + " times";
    text += ". Each element of C is stored once, after its sum is complete; every extra store is global traffic. ";
    if (stores % elements == 0 && int(times) == phases && ctx.lesson.kind() == LessonKind::TiledPhaseLoop)
        text += "Once per phase: the store to C sits inside " + phaseLoopOf(ctx) + "; move it after the loop's closing brace.";
    else if (stores % elements == 0 && int(times) == n)
        text += "Once per product: the store to C sits inside the k loop; keep the sum in a register and store it after the loop.";
    else
        text += "Keep the sum in a register and store it once, after the loops.";
    return text;
}

/// The global reads of A and B in every launch of a run.
struct GlobalReads {
    uint64_t readA = 0, readB = 0;  ///< floats read from each matrix
    uint64_t maxA = 0, maxB = 0;    ///< the most one thread read from each
    uint64_t threads = 0;           ///< threads launched
};

/// Sums the reads of A and B over the launches of `record`.
GlobalReads countReads(const RunRecord& record) {
    GlobalReads reads;
    for (const auto& l : record.launches) {
        reads.threads += l.threads;
        if (auto a = l.traffic.find("A"); a != l.traffic.end()) {
            reads.readA += a->second.readWords;
            reads.maxA = std::max(reads.maxA, a->second.maxThreadReads);
        }
        if (auto b = l.traffic.find("B"); b != l.traffic.end()) {
            reads.readB += b->second.readWords;
            reads.maxB = std::max(reads.maxB, b->second.maxThreadReads);
        }
    }
    return reads;
}

/// Lesson 2's rule: one phase reads each element of the block's A and B tiles once, the loading shared by its threads.
CheckResult judgeTilePhase(CheckContext& ctx, const GlobalReads& reads, bool shared, int n) {
    const std::string at = " at n=" + std::to_string(n);
    const uint64_t elements = uint64_t(n) * n;
    if (reads.readA == elements && reads.readB == elements && shared)
        return makeResult(ctx, Status::Pass, "your block reads each element of its A and B tiles once" + at +
                                                 " (2 floats per element of C for the phase), the loading shared by its threads");
    std::string code = "traffic.tile-reads-wrong", hint;
    std::string message = "a tile-loading block reads each element of its A and B tiles once (" + std::to_string(elements) +
                          " floats of each matrix" + at + "); yours reads " + std::to_string(reads.readA) + " of A and " +
                          std::to_string(reads.readB) + " of B.";
    if (!shared)
        code = "traffic.one-thread-loads-tile", hint = "Every thread loads its share.", message += " One thread reads up to " + std::to_string(std::max(reads.maxA, reads.maxB)) +
                   " floats: is the tile loaded by one thread only? Every thread loads its share.";
    else if (reads.readA > elements || reads.readB > elements)
        code = "traffic.global-reads-in-k-loop", hint = "compute from tA and tB.",
        message += " Reading A or B inside the k loop goes to global memory: compute from tA and tB.";
    return withHint(makeResult(ctx, Status::Fail, code, message + " Rerun: " + ctx.rerunCommand(n) + seeTileMap(ctx)), hint);
}

/// Floats read from A and B per element of C.
double readsPerElement(const GlobalReads& reads, int n) { return double(reads.readA + reads.readB) / (double(n) * n); }

/// "your kernel reads 4.5 floats per element of C at n=64".
std::string yourReads(double perElement, int n) {
    char figure[64];
    std::snprintf(figure, sizeof figure, "%.4g", perElement);
    return "your kernel reads " + std::string(figure) + " floats per element of C at n=" + std::to_string(n);
}

/// The naive kernel's rule: 2n floats per element of C.
CheckResult judgeNaive(CheckContext& ctx, const GlobalReads& reads, int n) {
    const double perElement = readsPerElement(reads, n);
    return makeResult(ctx, std::fabs(perElement - 2.0 * n) <= 0.5 ? Status::Pass : Status::Fail, "traffic.not-naive-reads",
                      yourReads(perElement, n) + "; a naive kernel reads 2n = " + std::to_string(int(2.0 * n)));
}

/// The tiled kernel's rule: 2n/TILE floats per element of C, the loading of each tile shared by the block.
CheckResult judgeTiled(CheckContext& ctx, const GlobalReads& reads, bool shared, int n) {
    const double perElement = readsPerElement(reads, n);
    const std::string yours = yourReads(perElement, n);
    const double naive = 2.0 * n, tiled = 2.0 * n / kKitTile;
    if (perElement < tiled * 0.999 && shared)  // fewer than the lesson's kernel: say why that may be
        return makeResult(ctx, Status::Pass,
                          yours + ", fewer than the " + std::to_string(int(tiled)) + " (2n/TILE) of a TILE-" + std::to_string(kKitTile) +
                              " kernel: right for larger tiles or register blocking; with " + std::to_string(kKitTile) +
                              "-wide tiles some phases are never loaded: does " + phaseLoopOf(ctx) + " run n / TILE times?");
    if (perElement <= tiled * 1.001 && shared)
        return makeResult(ctx, Status::Pass, yours + ", as a tiled kernel should (2n/TILE = " + std::to_string(int(tiled)) +
                                                 "; the naive kernel reads " + std::to_string(int(naive)) + ")");
    if (perElement <= tiled * 1.001)
        return makeResult(ctx, Status::Fail, "traffic.one-thread-loads-tile",
                          yours + ", but one thread reads up to " + std::to_string(std::max(reads.maxA, reads.maxB)) + " floats, more than " +
                              std::to_string(kVectorWidth) + " times its share: the loading of each tile is shared by the whole block (one "
                              "element, or one float4, per thread per phase). Rerun: " + ctx.rerunCommand(n) + seeTileMap(ctx));
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3gx", perElement / tiled);
    std::string code = "traffic.too-many-reads", hint;
    std::string message = yours + "; a tiled kernel reads " + std::to_string(int(tiled)) + ": " + ratio + " less.";
    if (reads.maxA >= uint64_t(n) * kKitTile / 2 || reads.maxB >= uint64_t(n) * kKitTile / 2)
        code = "traffic.thread-loads-whole-tile", hint = "it should load one element of each tile per phase.", message += " Each thread loads a whole tile (" + std::to_string(std::max(reads.maxA, reads.maxB)) +
                   " floats of one matrix per thread); it should load one element of each tile per phase.";
    else if (perElement >= naive * 0.9)
        code = "traffic.global-reads-in-k-loop", hint = "compute from tA and tB.",
        message += " Reads of A or B inside the k loop go to global memory: compute from tA and tB.";
    return withHint(makeResult(ctx, Status::Fail, code, message + " Rerun: " + ctx.rerunCommand(n) + seeTileMap(ctx)), hint);
}

}  // namespace

CheckResult checkTraffic(CheckContext& ctx) {
    const RunRequest request = singleCaseRequest(ctx, "cpu_size", 64);
    const RunRecord& record = ctx.run(request);
    if (auto failed = failedRun(ctx, record, request)) return *failed;
    const GlobalReads reads = countReads(record);
    const int n = request.n;
    if (record.launches.empty()) return makeResult(ctx, Status::Fail, "kernel.not-launched", "no kernel was launched at n=" + std::to_string(n));
    const std::string expect = ctx.spec.stringParam("expect", trafficKind(ctx.lesson));
    const std::string stores = repeatedStores(ctx, record, n);
    if (!stores.empty()) return makeResult(ctx, Status::Fail, "traffic.repeated-stores", stores + " Rerun: " + ctx.rerunCommand(n) + seeTileMap(ctx));
    if (reads.readA + reads.readB == 0)
        return makeResult(ctx, Status::Fail, "traffic.no-reads", "your kernel reads nothing from A or B at n=" + std::to_string(n) +
                                                 ": the starter's TODOs load the tiles" + seeTileMap(ctx));
    const bool shared = sharedLoading(reads.readA, reads.threads, reads.maxA) && sharedLoading(reads.readB, reads.threads, reads.maxB);
    if (expect == "tile_phase") return judgeTilePhase(ctx, reads, shared, n);
    if (expect == "naive") return judgeNaive(ctx, reads, n);
    return judgeTiled(ctx, reads, shared, n);
}

}  // namespace grader
