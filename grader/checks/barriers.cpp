// The barriers check: shared-memory hazards and divergent barriers from the
// emulator's access record (independent of the order threads ran in), and
// barriers beyond what the lesson needs, named with their cost. A barrier
// only some threads of a block reach is named once, at its line; the races
// after it follow from it and are not listed. A race with barriers elsewhere
// says where they stand and where one must go.
// Non-goal: finding the races (the emulator does).
#include <algorithm>
#include <set>

#include "checks/barrier_advice.h"
#include "checks/check.h"
#include "tilemap/tilemap.h"

namespace grader {

namespace {

constexpr size_t kMaxLines = 4;

std::string thread(const int t[3]) {
    std::string text = "(" + std::to_string(t[0]) + "," + std::to_string(t[1]);
    if (t[2]) text += "," + std::to_string(t[2]);
    return text + ")";
}

std::string lessonSection(const Lesson& lesson) {
    if (lesson.kind() == LessonKind::TiledPhaseLoop) return "see lessons/" + lesson.folder + "/README.md, \"Two barriers\"";
    return "see lessons/" + lesson.folder + "/README.md";
}

/// The tile map of block (x, y) in `phase`, within the map's default grid (lessons 2 and 3; "" otherwise).
std::string seeTileMap(const CheckContext& ctx, const int block[3], int phase) {
    if (!loadsTiles(ctx.lesson.kind())) return "";
    const int last = defaultTilemapSize(kKitTile) / kKitTile - 1;
    const bool inside = block[0] <= last && block[1] <= last;
    const int x = inside ? block[0] : 0, y = inside ? block[1] : 0;
    const int p = ctx.lesson.kind() == LessonKind::TileLoading ? 1 : std::min(phase, last);
    return "\nSee block (" + std::to_string(x) + "," + std::to_string(y) + ")'s loads and barriers in phase " + std::to_string(p) + ": " +
           tilemapCommand(ctx.grader, ctx.lesson, ctx.displayFile, x, y, p);
}

/// "thread (0,0)" or "threads (0,0)..(0,15)": the first and last of a group.
std::string threadGroup(uint64_t count, const int first[3], const int last[3]) {
    return count == 1 ? "thread " + thread(first) : "threads " + thread(first) + ".." + thread(last);
}

/// What to do about a barrier only some threads of a block reach.
constexpr const char* kPartialBarrierHint =
    "Every thread of a block must reach every __syncthreads(): a barrier inside a branch that depends on the thread, or after a "
    "return some threads take, waits for threads that never come (on a GPU it hangs or passes without synchronizing). Put it "
    "where every thread passes.";

/// One finding per barrier line that only some threads of a block reached, at that line.
std::vector<Finding> partialBarrierProblems(const RunRecord& record, const std::string& file) {
    std::vector<Finding> problems;
    for (const auto& p : record.partialBarriers)
        problems.push_back({"barrier.divergent", "divergent barrier: __syncthreads() at " + file + ":" + std::to_string(p.line) + " is reached by only " +
                           std::to_string(p.reached) + " of the " + std::to_string(p.threads) + " threads of block " + thread(p.block) +
                           " (" + threadGroup(p.reached, p.first, p.last) + "); the other " + std::to_string(p.threads - p.reached) +
                           " never reach it. " + kPartialBarrierHint,
                            {p.line, 1}, {}, "", kPartialBarrierHint});
    return problems;
}

/// No barrier every thread reached stands between lines `a` and `b`.
bool noBarrierBetween(int a, int b, const std::set<int>& barrierLines) {
    return std::none_of(barrierLines.begin(), barrierLines.end(), [&](int l) { return l > std::min(a, b) && l < std::max(a, b); });
}

/// Where the barriers stand when none stands between the stores to the tiles
/// (the last at `lastStore`) and the reads of them (the first at `firstRead`),
/// and where one must go; each barrier named goes to `places`.
std::string misplacedBarriers(int lastStore, int firstRead, const std::set<int>& barrierLines, const Lesson& lesson,
                              const std::string& file, std::vector<RelatedPlace>& places) {
    std::string where;
    for (int b : barrierLines) {
        const std::string clause = std::string(b < lastStore ? "the barrier before the stores" : "the barrier after the compute") +
                                   " is at " + file + ":" + std::to_string(b);
        where += (where.empty() ? "" : "; ") + clause;
        places.push_back({{b, 1}, clause});
    }
    const std::string there = "a __syncthreads() must stand after the last store to the tiles (line " + std::to_string(lastStore) +
                              ") and before the first read of them (line " + std::to_string(firstRead) + "), and none does: " + where;
    if (lesson.kind() == LessonKind::TiledPhaseLoop) return there + ". Add one there (each phase needs one after the loads and one after the compute)";
    return there + (barrierLines.size() == 1 ? ". Move it there" : ". Put one there");
}

}  // namespace

RaceAdvice explainRace(const RaceLines& race, const std::vector<RaceLines>& all, const std::set<int>& barrierLines, bool anyBarrier,
                       const Lesson& lesson, const std::string& file) {
    const int w = race.write, r = race.other;
    if (race.bothWrite)
        return {"shared.store-conflict",
                "Two threads store to the same shared element: check the tile indices (each thread owns one element, tA[ty][tx]).", {}};
    const bool barrierBetween = !noBarrierBetween(w, r, barrierLines);
    if (!anyBarrier && lesson.kind() == LessonKind::TiledPhaseLoop)
        return {"barrier.none",
                "There is no __syncthreads() at all: each phase needs one after the loads and one after the compute: " + lessonSection(lesson) + ".",
                {}};
    if (barrierBetween && w < r && lesson.kind() == LessonKind::TiledPhaseLoop)
        return {"barrier.missing-after-compute",
                "A fast thread loaded the next phase's tile over one that a slower thread was still reading: the barrier after the compute is missing: " +
                    lessonSection(lesson) + ".",
                {}};
    if (w < r && !barrierLines.empty()) {  // a barrier there is, but not between the stores and the reads
        int lastStore = w, firstRead = r;
        for (const RaceLines& other : all)
            if (!other.bothWrite && other.write < other.other && noBarrierBetween(other.write, other.other, barrierLines)) {
                lastStore = std::max(lastStore, other.write);
                firstRead = std::min(firstRead, other.other);
            }
        if (lastStore < firstRead && noBarrierBetween(lastStore, firstRead, barrierLines)) {
            RaceAdvice advice{"barrier.missing-after-loads", "", {}};
            advice.text = "The tile must be complete before anyone computes from it, so " +
                          misplacedBarriers(lastStore, firstRead, barrierLines, lesson, file, advice.barriers) + ": " + lessonSection(lesson) + ".";
            return advice;
        }
    }
    return {"barrier.missing-after-loads", "The tile must be complete before anyone computes from it: " + lessonSection(lesson) + ".", {}};
}

std::string joinProblems(const std::vector<std::string>& problems) {
    std::string message;
    for (size_t i = 0; i < problems.size() && i < kMaxLines; ++i) message += (i ? "\n" : "") + problems[i];
    if (problems.size() > kMaxLines) message += "\n(and " + std::to_string(problems.size() - kMaxLines) + " more)";
    return message;
}

std::string joinProblems(const std::vector<Finding>& findings) {
    std::vector<std::string> texts;
    for (const auto& finding : findings) texts.push_back(finding.lead + finding.text);
    return joinProblems(texts);
}

std::set<int> barrierLinesInSource(const std::string& source) {
    std::set<int> lines;
    int line = 1;
    size_t start = 0;
    while (start <= source.size()) {
        size_t end = source.find('\n', start);
        if (end == std::string::npos) end = source.size();
        const std::string text = source.substr(start, end - start);
        const size_t call = text.find("__syncthreads");
        const size_t comment = text.find("//");
        if (call != std::string::npos && (comment == std::string::npos || comment > call)) lines.insert(line);
        ++line;
        start = end + 1;
    }
    return lines;
}

namespace {

/// What the run shows of a kernel's barriers and shared memory.
struct BarrierCounts {
    std::set<int> lines;          ///< the barrier lines every thread that came reached (divergent ones left out)
    bool any = false;             ///< some barrier ran at all, divergent or not
    uint64_t maxBarriers = 0;     ///< the most barriers one thread passed in a launch
    uint64_t sharedAccesses = 0;  ///< shared-memory reads and writes, every launch
    uint64_t perPhase = 0;        ///< barriers per phase of the phase loop
};

/// Counts the barriers and shared accesses of `record`, a run at size `n`.
BarrierCounts countBarriers(const CheckContext& ctx, const RunRecord& record, int n) {
    BarrierCounts counts;
    for (const auto& l : record.launches) {
        counts.sharedAccesses += l.sharedReads + l.sharedWrites;
        for (const auto& [line, count] : l.barrierSites) counts.lines.insert(line);
        counts.maxBarriers = std::max(counts.maxBarriers, l.barriersMax);
    }
    const int phases = ctx.lesson.kind() == LessonKind::TiledPhaseLoop ? std::max(1, n / kKitTile) : 1;
    counts.perPhase = counts.maxBarriers / phases;
    counts.any = !counts.lines.empty();
    for (const auto& d : record.divergences)
        for (int line : d.lines) counts.lines.erase(line);
    return counts;
}

/// The parts of a divergence's split ("GROUP wait at line N; ..."), each with its line written as a place in `file`.
std::vector<RelatedPlace> splitPlaces(const std::string& split, const std::string& file) {
    std::vector<RelatedPlace> parts;
    for (size_t from = 0; from <= split.size();) {
        size_t end = split.find("; ", from);
        if (end == std::string::npos) end = split.size();
        std::string part = split.substr(from, end - from);
        RelatedPlace place{{}, part};
        if (const size_t at = part.find("at line "); at != std::string::npos) {
            place.at.line = std::atoi(part.c_str() + at + 8);
            place.text = part.replace(at, 8, "at " + file + ":");
        }
        parts.push_back(place);
        from = end + 2;
    }
    return parts;
}

/// One finding per divergent barrier or warp intrinsic; a block barrier only some threads reach was named at its line already.
void addDivergenceProblems(const RunRecord& record, const std::string& file, std::vector<Finding>& problems) {
    for (const auto& d : record.divergences) {
        if (!d.warp && !record.partialBarriers.empty()) continue;
        std::string split;
        std::vector<RelatedPlace> places;
        for (const auto& part : splitPlaces(d.split, file)) {
            split += (split.empty() ? "" : "; ") + part.text;
            if (part.at.known()) places.push_back(part);
        }
        const Place at = places.empty() ? Place{} : places.front().at;
        if (!places.empty()) places.erase(places.begin());
        const std::string hint = d.warp ? "Every lane that a warp intrinsic's mask names must reach the same call; on a GPU this hangs "
                                          "or returns garbage. Give the mask only the lanes that get there (or move the call out of the branch)."
                                        : "Every thread of a block must reach the same __syncthreads(); on a real GPU this either "
                                          "passes silently or hangs, depending on its shape. Move the barrier out of the branch.";
        problems.push_back({d.warp ? "warp.divergent-intrinsic" : "barrier.divergent",
                            std::string(d.warp ? "divergent warp intrinsic in block " : "divergent barrier in block ") + thread(d.block) +
                                ": " + split + ". " + hint,
                            at, distinctPlaces(at, places), "", hint});
    }
}

/// The races to report, the most frequent first; none after a divergent block barrier (the emulator
/// released the block as a GPU need not: the races that follow are its, not new ones).
std::vector<HazardRecord> reportedHazards(const RunRecord& record) {
    const bool blockDiverged = std::any_of(record.divergences.begin(), record.divergences.end(), [](const auto& d) { return !d.warp; });
    std::vector<HazardRecord> hazards;
    if (!blockDiverged) hazards = record.hazards;
    std::sort(hazards.begin(), hazards.end(), [](const HazardRecord& a, const HazardRecord& b) { return a.count > b.count; });
    return hazards;
}

/// One finding per pair of racing lines, with what the lesson says about the missing barrier.
void addHazardProblems(const CheckContext& ctx, const std::vector<HazardRecord>& hazards, const BarrierCounts& counts,
                       const std::string& file, std::vector<Finding>& problems) {
    std::vector<RaceLines> races;
    for (const auto& h : hazards) races.push_back({h.writerAt.line, h.otherAt.line, h.bothWrite});
    std::set<std::string> seenPairs;
    for (size_t i = 0; i < hazards.size(); ++i) {
        const HazardRecord& h = hazards[i];
        const std::string pair = h.writerAt.text() + "|" + h.otherAt.text() + (h.bothWrite ? "|w" : "|r");
        if (!seenPairs.insert(pair).second) continue;
        const std::string other = std::string(h.bothWrite ? "written" : "read") + " by thread " + thread(h.other) + " at " + h.otherAt.text();
        std::string text = h.element + " is written by thread " + thread(h.writer) + " at " + h.writerAt.text() + " and " + other +
                           " with no __syncthreads() between them (block " + thread(h.block);
        if (ctx.lesson.kind() == LessonKind::TiledPhaseLoop && counts.perPhase > 0)
            text += ", phase " + std::to_string(h.barrierIndex / counts.perPhase);
        text += ")";
        if (h.count > 1) text += "; " + std::to_string(h.count) + " such accesses in all";
        RaceAdvice advice = explainRace(races[i], races, counts.lines, counts.any, ctx.lesson, file);
        std::vector<RelatedPlace> related = {{{h.otherAt.line, 1}, other}};
        related.insert(related.end(), advice.barriers.begin(), advice.barriers.end());
        const Place at{h.writerAt.line, 1};
        problems.push_back({advice.code, text + ". " + advice.text, at, distinctPlaces(at, related), "", advice.text});
    }
}

/// The failure listing `problems`, with the tile map of the first hazard's block and phase, else of the first divergent barrier's block.
CheckResult barrierFailure(const CheckContext& ctx, const RunRecord& record, const std::vector<HazardRecord>& hazards,
                           uint64_t perPhase, std::vector<Finding> problems, int n) {
    std::string see;
    if (!hazards.empty()) see = seeTileMap(ctx, hazards.front().block, perPhase ? int(hazards.front().barrierIndex / perPhase) : 0);
    else if (!record.partialBarriers.empty()) see = seeTileMap(ctx, record.partialBarriers.front().block, 0);
    else if (!record.divergences.empty()) see = seeTileMap(ctx, record.divergences.front().block, 0);
    return makeResult(ctx, Status::Fail, std::move(problems), "\nRerun: " + ctx.rerunCommand(n) + see);
}

/// The pass, with a note (and the course's penalty) for barriers beyond the ones the lesson needs per phase.
CheckResult barrierPass(const CheckContext& ctx, const BarrierCounts& counts, int n) {
    const uint64_t needed = ctx.lesson.kind() == LessonKind::TiledPhaseLoop ? 2 : 1;
    CheckResult result = makeResult(ctx, Status::Pass, "no shared-memory races and no divergent barriers at n=" + std::to_string(n));
    if (ctx.lesson.kind() == LessonKind::Naive || counts.perPhase <= needed) return result;
    std::string lines;
    for (int b : counts.lines) lines += (lines.empty() ? "" : ", ") + std::to_string(b);
    result.message += ". Note: " + std::to_string(counts.perPhase) + " barriers per phase where " + std::to_string(needed) +
                      (needed == 1 ? " is" : " are") + " needed (lines " + lines + "); each one makes every warp of the block wait";
    const int penalty = static_cast<int>(ctx.spec.intParam("redundant_barrier_penalty", 0));
    if (penalty > 0) {
        result.points = std::max(0, result.points - penalty);
        result.message += " (costs " + std::to_string(penalty) + " point" + (penalty > 1 ? "s" : "") + " in this course)";
    }
    return result;
}

}  // namespace

CheckResult checkBarriers(CheckContext& ctx) {
    if (ctx.backend.kind() == BackendKind::Gpu) return checkBarriersWithSanitizer(ctx);
    const RunRequest request = singleCaseRequest(ctx, "cpu_size", 32);
    const RunRecord& record = ctx.run(request);
    if (auto failed = failedRun(ctx, record, request)) return *failed;

    const BarrierCounts counts = countBarriers(ctx, record, request.n);
    const std::string file = ctx.displayFile.substr(ctx.displayFile.find_last_of('/') + 1);
    std::vector<Finding> problems = partialBarrierProblems(record, file);
    addDivergenceProblems(record, file, problems);
    const std::vector<HazardRecord> hazards = reportedHazards(record);
    addHazardProblems(ctx, hazards, counts, file, problems);
    const int origin[3] = {0, 0, 0};
    if (problems.empty() && ctx.lesson.kind() != LessonKind::Naive && counts.sharedAccesses == 0)
        return makeResult(ctx, Status::Fail, "shared.tiles-unused", "the kernel does not use its __shared__ tiles yet, so there is nothing to synchronize: "
                                             "load the tiles and compute from them (the starter's TODOs)" + seeTileMap(ctx, origin, 1));
    if (!problems.empty()) return barrierFailure(ctx, record, hazards, counts.perPhase, problems, request.n);
    if (ctx.lesson.kind() == LessonKind::Naive && counts.lines.empty())
        return makeResult(ctx, Status::Pass, "nothing to synchronize: the naive kernel uses no shared memory");
    return barrierPass(ctx, counts, request.n);
}

}  // namespace grader
