// The barriers check on the gpu backend: the child runs under
// compute-sanitizer --tool synccheck and --tool racecheck (the build has
// -lineinfo), and their reports become the same kind of messages as the
// emulator's. A sanitizer run that printed no summary is an error of the
// run, never "0 hazards"; one whose kernel never ran or failed (a launch
// error, a crash) fails the check with that cause.
#include "backend/student_source.h"
#include "checks/barrier_advice.h"
#include "checks/check.h"
#include "checks/sanitizer_report.h"
#include "core/toolchain.h"

namespace grader {

namespace {

/// The lines of a racecheck finding: its write and the other access.
RaceLines raceLines(const SanitizerFinding& f) {
    const bool firstWrites = f.firstAccess == "Write", secondWrites = f.secondAccess == "Write";
    return {firstWrites ? f.firstLine : f.secondLine, firstWrites ? f.secondLine : f.firstLine, firstWrites && secondWrites};
}

/// The line of `file` (the student's file's base name) that `name` names, or an unknown place.
Place lineIn(const std::string& name, int line, const std::string& file) { return name == file && line > 0 ? Place{line, 1} : Place{}; }

Finding describe(const SanitizerFinding& f, const std::vector<RaceLines>& races, const std::set<int>& barrierLines,
                 const Lesson& lesson, const std::string& file) {
    const Place first = lineIn(f.firstFile, f.firstLine, file);
    if (f.kind == "divergent")
        return {"barrier.divergent",
                "divergent barrier at " + f.firstFile + ":" + std::to_string(f.firstLine) + " (thread " + f.firstThread + " of block " +
                    f.block + ": " + f.detail + " " + std::to_string(f.count) + " such reports). Every thread of a block must reach the "
                    "same __syncthreads(); move the barrier out of the branch (compute-sanitizer synccheck).",
                first, {}, "", "Every thread of a block must reach the same __syncthreads(); move the barrier out of the branch."};
    auto lower = [](std::string word) {
        for (auto& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return word;
    };
    const std::string second = "a " + lower(f.secondAccess) + " by thread " + f.secondThread + " at " + f.secondFile + ":" +
                               std::to_string(f.secondLine);
    std::string text = "a " + lower(f.firstAccess) + " by thread " + f.firstThread + " at " + f.firstFile + ":" + std::to_string(f.firstLine) +
                       " and " + second + " touch the same shared word with no __syncthreads() between them";
    if (!f.block.empty()) text += " (block " + f.block + ", " + f.kind + " hazard, compute-sanitizer racecheck)";
    RaceAdvice advice = explainRace(raceLines(f), races, barrierLines, !barrierLines.empty(), lesson, f.firstFile);
    std::vector<RelatedPlace> related = {{lineIn(f.secondFile, f.secondLine, file), second}};
    related.insert(related.end(), advice.barriers.begin(), advice.barriers.end());
    return {advice.code, text + ". " + advice.text, first, distinctPlaces(first, related), "", advice.text};
}

}  // namespace

std::vector<std::string> sanitizerCommand(const std::string& sanitizer, const std::string& tool, int sanitizerThreads) {
    std::vector<std::string> words = {sanitizer, "--tool", tool, "--print-limit", "100"};
    if (tool != "racecheck") return words;
    words.insert(words.end(), {"--racecheck-report", "hazard"});
    // Its analysis threads default to one per core, which graders running side by side would each take.
    if (sanitizerThreads > 0) words.insert(words.end(), {"--racecheck-num-workers", std::to_string(sanitizerThreads)});
    return words;
}

CheckResult checkBarriersWithSanitizer(CheckContext& ctx) {
    const std::string sanitizer = sanitizerPath();
    if (sanitizer.empty())
        return makeResult(ctx, Status::Skip, "compute-sanitizer was not found next to nvcc; run this check with --backend cpu");
    RunRequest request = singleCaseRequest(ctx, "gpu_size", 64);
    request.timeLimitS = std::max(60.0, ctx.spec.timeLimitS * 2);
    request.memoryBytes = 0;
    std::string source;  // the barrier lines say which barrier a race is missing
    if (!readStudentSource(ctx.file, source)) return makeResult(ctx, Status::Error, "cannot read " + ctx.displayFile);
    const std::set<int> barrierLines = barrierLinesInSource(source);
    const std::string file = ctx.displayFile.substr(ctx.displayFile.find_last_of('/') + 1);
    std::vector<Finding> problems;
    std::string runFailure;  // a run that did not complete proves nothing: no check passes on it
    for (const std::string tool : {"synccheck", "racecheck"}) {
        RunRequest sanitized = request;
        sanitized.wrapper = sanitizerCommand(sanitizer, tool, ctx.sanitizerThreads);
        const RunRecord& record = ctx.run(sanitized);
        if (!record.deviceError.empty()) return *failedRun(ctx, record, request);
        if (!record.notStarted.empty())
            return makeResult(ctx, Status::Fail, "run.not-run", "not run: " + sentence(record.notStarted) + " Rerun: " + ctx.rerunCommand(request.n));
        if (record.process.timedOut)
            return makeResult(ctx, Status::Fail, "run.timeout", "under compute-sanitizer " + tool + " the kernel did not finish within " +
                                                     std::to_string(int(request.timeLimitS)) + " s at n=" + std::to_string(request.n) +
                                                     ": a barrier some threads never reach deadlocks on a GPU.");
        const SanitizerReport report = tool == "racecheck" ? parseRacecheck(record.process.output) : parseSynccheck(record.process.output);
        if (!report.summaryFound) {
            const std::string& out = record.process.output;
            return makeResult(ctx, Status::Error, "compute-sanitizer " + tool + " printed no summary (" + record.process.describe() +
                                                      "); its output ends: " + out.substr(out.size() > 400 ? out.size() - 400 : 0));
        }
        std::vector<RaceLines> races;
        for (const auto& f : report.findings)
            if (f.kind != "divergent") races.push_back(raceLines(f));
        for (const auto& f : report.findings) problems.push_back(describe(f, races, barrierLines, ctx.lesson, file));
        if (runFailure.empty()) runFailure = describeFailedRun(record, request);
        if (report.errors > 0 && report.findings.empty())
            problems.push_back({"sanitizer.unparsed-report", "compute-sanitizer " + tool + " reported " + std::to_string(report.errors) + " problems", {}, {}, "", ""});
    }
    if (!problems.empty())
        return makeResult(ctx, Status::Fail, std::move(problems), "\nRerun: " + ctx.rerunCommand(request.n));
    if (!runFailure.empty())
        return makeResult(ctx, Status::Fail, "run.incomplete-under-sanitizer", "under compute-sanitizer the run did not complete, so nothing shows it is free of races: " +
                                                 sentence(runFailure) + " Rerun: " + ctx.rerunCommand(request.n));
    return makeResult(ctx, Status::Pass, "compute-sanitizer racecheck and synccheck found no hazards and no divergent barriers at n=" +
                                             std::to_string(request.n));
}

}  // namespace grader
