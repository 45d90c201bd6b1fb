// Lesson 4's timing check of timeLaunchMs. On the cpu backend it runs on the
// emulator's virtual clock (launches take known times, events complete as
// CUDA's do), so each classic mistake has a recognizable figure; on the gpu
// backend the student's mean must agree with the grader's own event timing,
// measured in the same run, in turns with the student's timer (medians of
// five rounds each). The emulator also sees every event created and
// destroyed: a timer whose every call leaves events alive fails there (on
// the gpu backend too, whose timing check runs the emulator's part first);
// one that keeps two events for good, made on its first call, does not.
#include <cmath>
#include <cstdio>

#include "checks/check.h"

namespace grader {

namespace {

std::string ms(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g ms", value);
    return text;
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-3 * std::max(1.0, std::fabs(b)); }

}  // namespace

std::vector<RunRequest> timingRuns(const CheckContext& ctx) {
    const bool gpu = ctx.backend.kind() == BackendKind::Gpu;
    RunRequest request;
    request.mode = RunMode::Timing;
    request.n = ctx.onlyN ? *ctx.onlyN : static_cast<int>(ctx.spec.intParam(gpu ? "gpu_size" : "cpu_size", gpu ? 2048 : 64));
    request.seed = ctx.seed;
    request.timeLimitS = ctx.spec.timeLimitS;
    const int reps = static_cast<int>(ctx.spec.intParam("reps", 10));
    request.extra = {std::to_string(reps)};
    return {request};
}

CheckResult checkTiming(CheckContext& ctx) {
    const bool gpu = ctx.backend.kind() == BackendKind::Gpu;
    const RunRequest request = timingRuns(ctx).front();
    const int reps = static_cast<int>(ctx.spec.intParam("reps", 10));
    const RunRecord& record = ctx.run(request);
    if (auto failed = failedRun(ctx, record, request)) return *failed;
    if (record.timing.empty()) return makeResult(ctx, Status::Error, "the harness recorded no timing");
    const double returned = fieldNumber(record.timing, "returned");
    const std::string got = "timeLaunchMs returned " + ms(returned) + " per launch" + (gpu ? " (the median of 5 calls on " + ctx.backend.device() + ")" : "");
    const std::string rerun = " Rerun: " + ctx.rerunCommand(request.n);
    if (gpu) {
        const double ours = fieldNumber(record.timing, "grader_ms");
        const double tolerance = ctx.spec.numberParam("tolerance", 0.15);
        const double rel = std::fabs(returned - ours) / ours;
        char text[400];
        std::snprintf(text, sizeof text, "%s; the grader's own event timing of the same launches, in turns with yours, gives %s (within %.0f%%: %s)",
                      got.c_str(), ms(ours).c_str(), tolerance * 100, rel <= tolerance ? "yes" : "no");
        const int rounds = static_cast<int>(fieldNumber(record.timing, "rounds"));
        const std::vector<Measurement> measured = {
            {"timer_ms", returned, fieldNumber(record.timing, "returned_min"), fieldNumber(record.timing, "returned_max"), rounds},
            {"events_ms", ours, fieldNumber(record.timing, "grader_min_ms"), fieldNumber(record.timing, "grader_max_ms"), rounds}};
        CheckResult result = makeResult(ctx, Status::Pass, text);
        if (rel > tolerance) {
            std::string why, code = "timing.disagrees-with-events";
            if (returned < ours * 0.2) code = "timing.read-before-finished", why = " The elapsed time was probably read before the work finished: synchronize on the stop event first.";
            else if (near(returned / reps, ours) || returned > ours * reps * 0.8) code = "timing.total-not-mean", why = " That looks like the total of all launches: return the mean (divide by reps).";
            result = withHint(makeResult(ctx, Status::Fail, code, std::string(text) + "." + why + rerun), why.empty() ? why : why.substr(1));
        }
        result.measurements = measured;
        return result;
    }
    const double first = fieldNumber(record.timing, "first_ms"), later = fieldNumber(record.timing, "later_ms");
    const int launches = static_cast<int>(fieldNumber(record.timing, "launches"));
    const int notReady = static_cast<int>(fieldNumber(record.events, "elapsed_not_ready"));
    const std::string clock = " (on the emulator's virtual clock the first launch takes " + ms(first) + ", every later one " + ms(later) + ")";
    if (fieldNumber(record.timing, "resets") > 0)
        return makeResult(ctx, Status::Fail, "timing.device-reset",
                          got + ", but it called cudaDeviceReset, which destroys the device's context and everything in it, "
                                "the caller's A, B and C and events too: on a GPU the caller's next launch crashes. "
                                "Clean up only what your timer made (cudaEventDestroy)." + rerun);
    if (notReady > 0)
        return makeResult(ctx, Status::Fail, "timing.no-event-sync",
                          got + ", but cudaEventElapsedTime was called before the stop event completed and returned cudaErrorNotReady: "
                                "launches are asynchronous, so wait with cudaEventSynchronize(stop) before reading the time." + rerun);
    if (near(returned, later)) {
        if (launches != reps + 1)
            return makeResult(ctx, Status::Fail, "timing.wrong-launch-count", got + " but launched " + std::to_string(launches) + " times for reps = " +
                                                     std::to_string(reps) + "; expected one warm-up plus reps launches." + rerun);
        if (const int left = static_cast<int>(fieldNumber(record.timing, "events_left")); left > 0)
            return makeResult(ctx, Status::Fail, "timing.events-leaked",
                              got + ", the right mean, but each call leaves " + std::to_string(left) + (left == 1 ? " event" : " events") +
                                  " it created alive: they pile up on the device, and the grader calls your timer many times. "
                                  "Destroy them with cudaEventDestroy before returning." + rerun);
        return makeResult(ctx, Status::Pass, got + ", the mean of " + std::to_string(reps) + " launches after a warm-up" + clock);
    }
    std::string why, code = "timing.not-mean-of-launches";
    if (launches == 0)
        code = "timing.never-launched", why = "timeLaunchMs never called launch: time reps launches after one warm-up launch (the starter's TODOs).";
    else if (returned < 0)
        code = "timing.start-stop-swapped", why = "A negative time: start and stop are swapped in cudaEventElapsedTime(&ms, start, stop).";
    else if (launches == reps && near(returned, (first + (reps - 1) * later) / reps))
        code = "timing.no-warm-up", why = "The first launch is inside the timing: run one untimed warm-up launch before recording the start event.";
    else if (near(returned, (first + reps * later) / reps) || near(returned, (first + reps * later) / (reps + 1)))
        code = "timing.warm-up-timed", why = "The warm-up launch is inside the timing: record the start event after it.";
    else if (near(returned, later * reps) || near(returned, first + later * reps) || near(returned, later * (reps + 1)))
        code = "timing.total-not-mean", why = "That is the total of all launches: return the mean (divide by reps).";
    else if (returned <= later * 0.1)
        code = "timing.read-before-finished", why = "That is far less than one launch takes: was the time read before the work finished, or measured with a host clock "
              "around launches that are still running? Launches are asynchronous.";
    else
        why = "It should be the mean time of one launch, measured after a warm-up launch between two events.";
    return withHint(makeResult(ctx, Status::Fail, code, got + "; the launches took " + ms(later) + " each" + clock + ". " + why + rerun), why);
}

}  // namespace grader
