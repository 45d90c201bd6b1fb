// The speedup check (GPU only): the student's tiled kernel (lesson 3), or
// the reference kernels timed by the student's own timer (lesson 4), against
// the grader's naive and tiled references, all timed in one run on one card.
// The threshold is relative to the card that ran it (named in the message):
// max(floor, fraction x the reference tiled kernel's own speedup on it),
// because the ratio depends on the card (about 1.5x on an H200, 3-6x on
// older cards).
#include <cmath>
#include <cstdio>

#include "checks/check.h"

namespace grader {

namespace {

/// The series KEY_ms of the speedup record as the measurement NAME_ms: median, min and max over `runs`.
Measurement timesOf(const std::map<std::string, std::string>& record, const std::string& name, const std::string& key, int runs) {
    return {name + "_ms", fieldNumber(record, key + "_ms"), fieldNumber(record, key + "_min_ms"), fieldNumber(record, key + "_max_ms"), runs};
}

/// GFLOP/s of `flops` done in each of `times`' figures (the fastest time is the highest rate).
Measurement gflopsOf(const Measurement& times, const std::string& name, double flops) {
    auto rate = [&](double ms) { return ms > 0 ? flops / (ms * 1e6) : 0.0; };
    return {name, rate(times.median), rate(times.max), rate(times.min), times.runs};
}

}  // namespace

std::vector<RunRequest> speedupRuns(const CheckContext& ctx) {
    RunRequest request;
    request.mode = RunMode::Speedup;
    request.n = ctx.onlyN ? *ctx.onlyN : static_cast<int>(ctx.spec.intParam("gpu_size", 2048));
    request.seed = ctx.seed;
    request.timeLimitS = ctx.spec.timeLimitS;
    char arguments[4][32];
    std::snprintf(arguments[0], 32, "%ld", ctx.spec.intParam("min_runs", param_defaults::kMinRuns));
    std::snprintf(arguments[1], 32, "%ld", ctx.spec.intParam("max_runs", param_defaults::kMaxRuns));
    std::snprintf(arguments[2], 32, "%g", ctx.spec.numberParam("target_rel_error", 0.01));
    std::snprintf(arguments[3], 32, "%g", speedupTimeCapS(ctx.spec));
    request.extra = {arguments[0], arguments[1], arguments[2], arguments[3]};
    return {request};
}

CheckResult checkSpeedup(CheckContext& ctx) {
    const RunRequest request = speedupRuns(ctx).front();
    const RunRecord& record = ctx.run(request);
    if (auto failed = failedRun(ctx, record, request)) return *failed;
    const auto& s = record.speedup;
    if (s.empty()) return makeResult(ctx, Status::Error, "the harness recorded no timings");
    const double naive = fieldNumber(s, "naive_ms"), tiled = fieldNumber(s, "tiled_ms");
    const bool lesson4 = ctx.lesson.kind() == LessonKind::Timing;
    const double mine = lesson4 ? fieldNumber(s, "student_timer_tiled_ms") : fieldNumber(s, "student_ms");
    const double mineNaive = lesson4 ? fieldNumber(s, "student_timer_naive_ms") : naive;
    const double floor = ctx.spec.numberParam("floor", 1.1), fraction = ctx.spec.numberParam("fraction", 0.8);
    const double referenceRatio = naive / tiled;
    if (!(mine > 0) || !(mineNaive > 0)) {
        char bad[32];  // the value that cannot be right, the tiled or the naive launch's
        std::snprintf(bad, sizeof bad, "%.4g", mine > 0 ? mineNaive : mine);
        return makeResult(ctx, Status::Fail, "speedup.impossible-time", std::string(lesson4 ? "your timer" : "the timing of your kernel") + " gave " + bad +
                                                 " ms for one launch, which cannot be right: does it wait for the stop event?");
    }
    const double ratio = mineNaive / mine;
    const double needed = std::max(floor, fraction * referenceRatio);
    const double flops = 2.0 * request.n * double(request.n) * request.n;
    char text[512];
    std::snprintf(text, sizeof text,
                  "%s %.4g ms (%.0f GFLOP/s), reference naive %.4g ms, reference tiled %.4g ms (%.0f GFLOP/s) at n=%d over %s runs on %s: "
                  "speedup %.3gx, needed %.3gx (%.2g x the reference's %.3gx, floor %.3gx)",
                  lesson4 ? "your timer: tiled" : "your kernel", mine, flops / (mine * 1e6), naive, tiled, flops / (tiled * 1e6),
                  request.n, s.count("runs") ? s.at("runs").c_str() : "?", ctx.backend.device().c_str(), ratio, needed, fraction, referenceRatio, floor);
    const std::string mineKey = lesson4 ? "student_timer_tiled" : "student", mineNaiveKey = lesson4 ? "student_timer_naive" : "naive";
    const int runs = static_cast<int>(fieldNumber(s, "runs"));
    std::vector<Measurement> measured = {timesOf(s, "kernel", mineKey, runs), timesOf(s, "reference_naive", "naive", runs),
                                         timesOf(s, "reference_tiled", "tiled", runs)};
    if (lesson4) measured.push_back(timesOf(s, "timer_naive", mineNaiveKey, runs));
    measured.push_back(gflopsOf(measured[0], "kernel_gflops", flops));
    measured.push_back(gflopsOf(measured[2], "reference_tiled_gflops", flops));
    measured.push_back({"speedup_x", ratio, 0, 0, 0});
    measured.push_back({"matrix_n", double(request.n), 0, 0, 0});
    const auto verdict = [&](Status status, const std::string& code, const std::string& text) {
        CheckResult result = makeResult(ctx, status, code, text);
        result.measurements = measured;
        return result;
    };
    std::string message = text;
    if (fieldNumber(s, "mismatches") > 0)
        return verdict(Status::Fail, "speedup.wrong-results", message + ". But its results were wrong in " + s.at("mismatches") +
                                                 " sampled elements (fresh inputs every run): a speedup counts only for right results, computed anew each run.");
    if (lesson4) {
        const double agreement = std::fabs(mine - tiled) / tiled;
        if (agreement > 0.25 || std::fabs(mineNaive - naive) / naive > 0.25)
            return verdict(Status::Fail, "speedup.timer-disagrees", message + ". Your timer disagrees with the grader's event timing by more than 25%: "
                                                           "does it synchronize the stop event and return the mean?");
    }
    return verdict(ratio >= needed ? Status::Pass : Status::Fail, "speedup.too-slow", message);
}

}  // namespace grader
