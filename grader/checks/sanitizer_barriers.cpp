// The barriers check on the gpu backend: the child runs under
// compute-sanitizer --tool racecheck and --tool synccheck (the build has
// -lineinfo), and their reports become the same kind of messages as the
// emulator's. A sanitizer run that crashed or printed no summary is an
// error of the run, never "0 hazards".
#include <regex>
#include <set>
#include <sstream>

#include "checks/check.h"
#include "core/toolchain.h"

namespace grader {

namespace {

std::string sanitizerPath() {
    const std::string nvcc = nvccPath();
    if (!nvcc.empty()) {
        auto candidate = std::filesystem::path(nvcc).parent_path() / "compute-sanitizer";
        if (std::filesystem::exists(candidate)) return candidate.string();
    }
    for (const char* path : {"/usr/local/cuda/bin/compute-sanitizer", "/usr/local/cuda/compute-sanitizer/compute-sanitizer"})
        if (std::filesystem::exists(path)) return path;
    return "";
}

struct SanitizerReport {
    bool ran = false;           ///< a summary line was printed
    long errors = 0;
    std::vector<std::string> findings;  ///< one line per distinct pair of source lines
    std::string tail;
};

std::string baseName(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

SanitizerReport parseRacecheck(const std::string& output) {
    static const std::regex race(R"((Error|Warning): Race reported between (\w+) access at (\S+) in (\S+):(\d+)\s+and (\w+) access at (\S+) in (\S+):(\d+))");
    static const std::regex summary(R"(RACECHECK SUMMARY: (\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\))");
    SanitizerReport r;
    std::set<std::string> seen;
    std::string text = output;
    for (std::sregex_iterator it(text.begin(), text.end(), race), end; it != end; ++it) {
        const auto& m = *it;
        const std::string a = baseName((*it)[4].str()) + ":" + m[5].str(), b = baseName(m[8].str()) + ":" + m[9].str();
        const std::string key = m[2].str() + a + m[6].str() + b;
        if (!seen.insert(key).second) continue;
        r.findings.push_back(m[2].str() + " at " + a + " and " + m[6].str() + " at " + b +
                             " touch the same shared element with no __syncthreads() between them (compute-sanitizer racecheck)");
    }
    std::smatch m;
    if (std::regex_search(text, m, summary)) {
        r.ran = true;
        r.errors = std::stol(m[2].str());
    }
    return r;
}

SanitizerReport parseSynccheck(const std::string& output) {
    static const std::regex barrier(R"(Barrier error detected\. ([^\n]*)\n(?:[^\n]*\n){0,3}?\s*at (\S+) in (\S+):(\d+))");
    static const std::regex summary(R"(ERROR SUMMARY: (\d+) errors?)");
    SanitizerReport r;
    std::set<std::string> seen;
    for (std::sregex_iterator it(output.begin(), output.end(), barrier), end; it != end; ++it) {
        const std::string where = baseName((*it)[3].str()) + ":" + (*it)[4].str();
        if (!seen.insert(where).second) continue;
        r.findings.push_back("divergent barrier at " + where + ": " + (*it)[1].str() +
                             " (compute-sanitizer synccheck). Every thread of a block must reach the same __syncthreads().");
    }
    std::smatch m;
    if (std::regex_search(output, m, summary)) {
        r.ran = true;
        r.errors = std::stol(m[1].str());
    }
    return r;
}

}  // namespace

CheckResult checkBarriersWithSanitizer(CheckContext& ctx) {
    const std::string sanitizer = sanitizerPath();
    if (sanitizer.empty())
        return makeResult(ctx, Status::Skip, "compute-sanitizer was not found next to nvcc; run this check with --backend cpu");
    RunRequest request;
    request.n = ctx.onlyN ? *ctx.onlyN : static_cast<int>(ctx.spec.intParam("gpu_size", 64));
    request.phase = (ctx.lesson.number == 2 && request.n / ctx.course.tile > 1) ? 1 : 0;
    request.seed = ctx.seed;
    request.timeLimitS = std::max(120.0, ctx.spec.timeLimitS * 4);
    request.memoryBytes = 0;
    std::vector<std::string> problems;
    for (const char* tool : {"synccheck", "racecheck"}) {
        std::vector<std::string> prefix = {sanitizer, "--tool", tool, "--print-limit", "50"};
        if (std::string(tool) == "racecheck") prefix.insert(prefix.end(), {"--racecheck-report", "hazard"});
        RunRecord record = runChild(ctx.build, request, prefix);
        if (record.process.timedOut)
            return makeResult(ctx, Status::Fail, "under compute-sanitizer " + std::string(tool) + " the kernel did not finish within " +
                                                     std::to_string(int(request.timeLimitS)) + " s at n=" + std::to_string(request.n) +
                                                     ": a barrier some threads never reach deadlocks on a GPU.");
        const SanitizerReport report = std::string(tool) == "racecheck" ? parseRacecheck(record.process.output)
                                                                        : parseSynccheck(record.process.output);
        if (!report.ran)
            return makeResult(ctx, Status::Error, "compute-sanitizer " + std::string(tool) + " printed no summary (" +
                                                      record.process.describe() + "); its output ends: " +
                                                      record.process.output.substr(record.process.output.size() > 400 ? record.process.output.size() - 400 : 0));
        for (const auto& f : report.findings) problems.push_back(f);
        if (report.errors > 0 && report.findings.empty())
            problems.push_back("compute-sanitizer " + std::string(tool) + " reported " + std::to_string(report.errors) + " errors");
    }
    if (!problems.empty()) {
        std::string message;
        for (size_t i = 0; i < problems.size() && i < 4; ++i) message += (i ? "\n" : "") + problems[i];
        return makeResult(ctx, Status::Fail, message + "\nRerun: " + ctx.rerunCommand(request.n));
    }
    return makeResult(ctx, Status::Pass, "compute-sanitizer racecheck and synccheck found no hazards and no divergent barriers at n=" +
                                             std::to_string(request.n));
}

}  // namespace grader
