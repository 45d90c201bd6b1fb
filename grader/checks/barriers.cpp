// The barriers check: shared-memory hazards and divergent barriers from the
// emulator's access record (independent of the order threads ran in), and
// barriers beyond what the lesson needs, named with their cost.
#include <algorithm>
#include <regex>
#include <set>

#include "backend/student_source.h"
#include "checks/barrier_advice.h"
#include "checks/check.h"
#include "checks/source_scan.h"
#include "core/toolchain.h"
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
    if (lesson.number == 3) return "see lessons/" + lesson.folder + "/README.md, \"Two barriers\"";
    return "see lessons/" + lesson.folder + "/README.md";
}

/// The tile map of block (x, y) in `phase`, within the map's default grid (lessons 2 and 3; "" otherwise).
std::string seeTileMap(const CheckContext& ctx, const int block[3], int phase) {
    if (ctx.lesson.number != 2 && ctx.lesson.number != 3) return "";
    const int last = defaultTilemapSize(ctx.course.tile) / ctx.course.tile - 1;
    const bool inside = block[0] <= last && block[1] <= last;
    const int x = inside ? block[0] : 0, y = inside ? block[1] : 0;
    const int p = ctx.lesson.number == 2 ? 1 : std::min(phase, last);
    return "\nSee block (" + std::to_string(x) + "," + std::to_string(y) + ")'s loads and barriers in phase " + std::to_string(p) + ": " +
           tilemapCommand(ctx.grader, ctx.lesson, ctx.displayFile, x, y, p);
}

}  // namespace

std::string explainRace(int w, int r, bool bothWrite, const std::set<int>& barrierLines, bool anyBarrier, const Lesson& lesson) {
    if (bothWrite)
        return "Two threads store to the same shared element: check the tile indices (each thread owns one element, tA[ty][tx]).";
    bool barrierBetween = false;
    for (int b : barrierLines) barrierBetween |= (b > std::min(w, r) && b < std::max(w, r));
    if (!anyBarrier && lesson.number == 3)
        return "There is no __syncthreads() at all: each phase needs one after the loads and one after the compute: " + lessonSection(lesson) + ".";
    if (barrierBetween && w < r && lesson.number == 3)
        return "A fast thread loaded the next phase's tile over one that a slower thread was still reading: the barrier after the compute is missing: " +
               lessonSection(lesson) + ".";
    return "The tile must be complete before anyone computes from it: " + lessonSection(lesson) + ".";
}

std::string joinProblems(const std::vector<std::string>& problems) {
    std::string message;
    for (size_t i = 0; i < problems.size() && i < kMaxLines; ++i) message += (i ? "\n" : "") + problems[i];
    if (problems.size() > kMaxLines) message += "\n(and " + std::to_string(problems.size() - kMaxLines) + " more)";
    return message;
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

std::set<int> branchedBarrierLines(const std::string& source) {
    static const std::regex branchHeader(R"((^|[^A-Za-z0-9_])(if|else|switch|case)([^A-Za-z0-9_]|$))");
    const std::string code = blankedComments(source);
    std::set<int> lines;
    std::vector<bool> braces;  // per open '{': does a branch own it?
    size_t statement = 0;      // where the current statement's text begins
    int line = 1;
    for (size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        const auto header = [&] { return std::regex_search(code.substr(statement, i - statement), branchHeader); };
        if (c == '\n') {
            ++line;
        } else if (c == '{') {
            braces.push_back(header());
            statement = i + 1;
        } else if (c == '}') {
            if (!braces.empty()) braces.pop_back();
            statement = i + 1;
        } else if (c == ';') {
            statement = i + 1;
        } else if (code.compare(i, 13, "__syncthreads") == 0) {
            const bool enclosed = std::find(braces.begin(), braces.end(), true) != braces.end();
            if (enclosed || header()) lines.insert(line);
        }
    }
    return lines;
}

CheckResult checkBarriers(CheckContext& ctx) {
    if (ctx.backend.name() == "gpu") return checkBarriersWithSanitizer(ctx);
    const int tile = ctx.course.tile;
    const RunRequest request = singleCaseRequest(ctx, "cpu_size", 32);
    const RunRecord& record = ctx.run(request);
    if (auto failed = failedRun(ctx, record, request)) return *failed;

    std::set<int> barrierLines;
    uint64_t maxBarriers = 0, sharedAccesses = 0;
    for (const auto& l : record.launches) {
        sharedAccesses += l.sharedReads + l.sharedWrites;
        for (const auto& [line, count] : l.barrierSites) barrierLines.insert(line);
        maxBarriers = std::max(maxBarriers, l.barriersMax);
    }
    const int phases = ctx.lesson.number == 3 ? std::max(1, request.n / tile) : 1;
    const uint64_t perPhase = maxBarriers / phases;
    std::vector<std::string> problems;
    const bool anyBarrier = !barrierLines.empty();
    for (const auto& d : record.divergences)
        for (int line : d.lines) barrierLines.erase(line);

    std::vector<HazardRecord> hazards = record.hazards;
    std::sort(hazards.begin(), hazards.end(), [](const HazardRecord& a, const HazardRecord& b) { return a.count > b.count; });
    std::set<std::string> seenPairs;
    for (const auto& h : hazards) {
        const std::string pair = h.writerAt.text() + "|" + h.otherAt.text() + (h.bothWrite ? "|w" : "|r");
        if (!seenPairs.insert(pair).second) continue;
        std::string text = h.element + " is written by thread " + thread(h.writer) + " at " + h.writerAt.text() + " and " +
                           (h.bothWrite ? "written" : "read") + " by thread " + thread(h.other) + " at " + h.otherAt.text() +
                           " with no __syncthreads() between them (block " + thread(h.block);
        if (ctx.lesson.number == 3 && perPhase > 0) text += ", phase " + std::to_string(h.barrierIndex / perPhase);
        text += ")";
        if (h.count > 1) text += "; " + std::to_string(h.count) + " such accesses in all";
        problems.push_back(text + ". " + explainRace(h.writerAt.line, h.otherAt.line, h.bothWrite, barrierLines, anyBarrier, ctx.lesson));
    }
    std::string source;  // a barrier inside a branch is the one to name first
    const std::set<int> branched = readStudentSource(ctx.file, source) ? branchedBarrierLines(source) : std::set<int>{};
    std::vector<std::string> divergences, otherDivergences;
    for (const auto& d : record.divergences) {
        std::string split = d.split;
        const std::string file = ctx.displayFile.substr(ctx.displayFile.find_last_of('/') + 1);
        for (size_t pos = 0; (pos = split.find("at line ", pos)) != std::string::npos;) {
            split.replace(pos, 8, "at " + file + ":");
            pos += 4 + file.size();
        }
        const auto inBranch = std::find_if(d.lines.begin(), d.lines.end(), [&](int l) { return branched.count(l) > 0; });
        if (d.warp)
            otherDivergences.push_back("divergent warp intrinsic in block " + thread(d.block) + ": " + split +
                                       ". Every lane that a warp intrinsic's mask names must reach the same call; on a GPU this hangs "
                                       "or returns garbage. Give the mask only the lanes that get there (or move the call out of the branch).");
        else if (inBranch != d.lines.end())
            divergences.push_back("divergent barrier: __syncthreads() at " + file + ":" + std::to_string(*inBranch) +
                                  " is inside a branch, so only some threads of block " + thread(d.block) + " reach it: " + split +
                                  ". Every thread of a block must reach every barrier; keep it out of branches that depend on the thread.");
        else
            otherDivergences.push_back("divergent barrier in block " + thread(d.block) + ": " + split +
                                       ". Every thread of a block must reach the same __syncthreads(); on a real GPU this either "
                                       "passes silently or hangs, depending on its shape. Move the barrier out of the branch.");
    }
    divergences.insert(divergences.end(), otherDivergences.begin(), otherDivergences.end());
    problems.insert(problems.begin(), divergences.begin(), divergences.end());  // before the races that follow from them
    const int origin[3] = {0, 0, 0};
    if (problems.empty() && ctx.lesson.number >= 2 && sharedAccesses == 0)
        return makeResult(ctx, Status::Fail, "the kernel does not use its __shared__ tiles yet, so there is nothing to synchronize: "
                                             "load the tiles and compute from them (the starter's TODOs)" + seeTileMap(ctx, origin, 1));
    if (!problems.empty()) {
        const std::string message = joinProblems(problems);
        std::string see;  // the first hazard's block and phase, else the first divergent barrier's block
        if (!hazards.empty()) see = seeTileMap(ctx, hazards.front().block, perPhase ? int(hazards.front().barrierIndex / perPhase) : 0);
        else if (!record.divergences.empty()) see = seeTileMap(ctx, record.divergences.front().block, 0);
        return makeResult(ctx, Status::Fail, message + "\nRerun: " + ctx.rerunCommand(request.n) + see);
    }
    if (ctx.lesson.number == 1 || (barrierLines.empty() && maxBarriers == 0 && record.hazards.empty())) {
        if (ctx.lesson.number == 1 && barrierLines.empty())
            return makeResult(ctx, Status::Pass, "nothing to synchronize: the naive kernel uses no shared memory");
    }
    const uint64_t needed = ctx.lesson.number == 3 ? 2 : 1;
    std::string message = "no shared-memory races and no divergent barriers at n=" + std::to_string(request.n);
    CheckResult result = makeResult(ctx, Status::Pass, message);
    if (ctx.lesson.number >= 2 && perPhase > needed) {
        std::string lines;
        for (int b : barrierLines) lines += (lines.empty() ? "" : ", ") + std::to_string(b);
        result.message += ". Note: " + std::to_string(perPhase) + " barriers per phase where " + std::to_string(needed) +
                          " are needed (lines " + lines + "); each one makes every warp of the block wait";
        const int penalty = static_cast<int>(ctx.spec.intParam("redundant_barrier_penalty", 0));
        if (penalty > 0) {
            result.points = std::max(0, result.points - penalty);
            result.message += " (costs " + std::to_string(penalty) + " point" + (penalty > 1 ? "s" : "") + " in this course)";
        }
    }
    return result;
}

}  // namespace grader
