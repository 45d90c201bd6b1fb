// The validation of each check's course.yaml values (the CheckSchema::validate
// of the check table's rows), and the defaults the checks and their
// validation share: every value one the kit can grade with, located at the
// value (or, for a default that conflicts with a value, at the value given).
// Non-goal: the values' types and the keys (core/course.cpp reads those from
// the table's parameters).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "checks/check_table.h"
#include "core/spelling.h"

namespace grader {

namespace {

const std::vector<std::string> kTrafficKinds = {"naive", "tile_phase", "tiled"};

constexpr long kMaxSize = 16384;  // the largest `check --n`

/// Why the sizes of `check` in `lesson` must be whole tiles, or "" when any size runs: lesson 1's
/// kernel has a bounds guard (72 on purpose), lesson 4's correctness sizes are gflops arguments.
std::string wholeTilesWhy(const Lesson& lesson, const std::string& check) {
    if (check == "timing" || check == "speedup")
        return "the check runs the grader's reference tiled kernel, written for n a multiple of TILE";
    if (loadsTiles(lesson.kind()))
        return lesson.id + "'s kernel is written for n a multiple of TILE, one block per tile with no bounds guard";
    return "";
}

/// One matrix size (`key`, or entry `index` of the list `key`): positive, at most
/// kMaxSize, and whole tiles where the kernel needs them.
void checkSize(CheckValues& values, const char* key, std::optional<size_t> index, long n, const std::string& tilesWhy) {
    const auto fail = [&](const std::string& message, const std::string& hint) {
        if (index) values.fail(key, *index, message, hint);
        else values.fail(key, message, hint);
    };
    const std::string what = values.what() + key + (index ? " entries" : "");
    const int tile = values.tile();
    if (n <= 0) {
        fail(what + " must be positive, got " + std::to_string(n), "a size n is the side of the n x n matrices");
    } else if (n > kMaxSize) {
        fail(what + " must be at most " + std::to_string(kMaxSize) + ", got " + std::to_string(n), "the largest size `grader check --n` takes");
    } else if (!tilesWhy.empty() && n % tile != 0) {
        const long below = n / tile * tile, above = below + tile;
        fail(what + (index ? " must be multiples" : " must be a multiple") + " of the tile (" + std::to_string(tile) + "), got " + std::to_string(n),
             tilesWhy + ": use " + (below > 0 ? std::to_string(below) + " or " : "") + std::to_string(above));
    }
}

/// The sizes (cpu_sizes, gpu_sizes, cpu_size, gpu_size) the check takes: each one a size the lesson's kernel can run.
void checkSizes(CheckValues& values) {
    const CheckSpec& check = values.check();
    const std::string tilesWhy = wholeTilesWhy(values.lesson(), check.name);
    for (const char* key : {"cpu_sizes", "gpu_sizes"}) {
        if (!values.given(key)) continue;
        const std::vector<long> sizes = check.listParam(key, {});
        for (size_t i = 0; i < sizes.size(); ++i) checkSize(values, key, i, sizes[i], tilesWhy);
    }
    for (const char* key : {"cpu_size", "gpu_size"})
        if (values.given(key)) checkSize(values, key, std::nullopt, check.intParam(key, 0), tilesWhy);
}

/// What a tolerance is relative to, and what its extremes would do, for the hint.
std::string toleranceWhy(const Lesson& lesson, const std::string& check) {
    if (check == "timing")
        return "the relative agreement of the student's timer with the grader's own timing is 0.15 in the kit: at 0 every "
               "real timer fails, at 1 or more a timer that returns 0 passes";
    if (lesson.kind() == LessonKind::Timing)
        return "the relative error allowed in gflops is 1.0e-6 in the kit: at 0 a right formula written in another order "
               "may fail, at 1 or more a gflops that returns 0 passes";
    return "the error allowed in C, relative to n * max|A| * max|B|, is 1.0e-6 in the kit: at 1 or more a C of zeros passes";
}

/// tolerance: more than 0 and less than 1.
void checkTolerance(CheckValues& values) {
    if (!values.given("tolerance")) return;
    const double tolerance = values.check().numberParam("tolerance", 0);
    if (!(tolerance > 0 && tolerance < 1))
        values.fail("tolerance", values.what() + "tolerance must be more than 0 and less than 1, got " + formatNumber(tolerance),
                    toleranceWhy(values.lesson(), values.check().name));
}

/// The smallest size the correctness check runs at, and the key it comes from ("cpu_sizes", "the default gpu_sizes").
std::pair<long, std::string> smallestCheckedSize(const CheckValues& values) {
    long smallest = 0;
    std::string from;
    for (bool gpu : {false, true}) {
        const char* key = gpu ? "gpu_sizes" : "cpu_sizes";
        for (long n : correctnessSizes(values.lesson(), values.check(), gpu)) {
            if (smallest && n >= smallest) continue;
            smallest = n;
            from = std::string(values.given(key) ? "" : "the default ") + key;
        }
    }
    return {smallest, from};
}

/// phases: lesson 2's only, and each one a phase of the smallest size. A phase that a size lacks is
/// skipped at that size (correctness.cpp), so the course would check fewer cases than it lists, or
/// none: every phase must exist at the smallest size, counted from the end when negative. False when
/// a phase is wrong (the other values are not checked then).
bool checkPhases(CheckValues& values) {
    if (!values.given("phases")) return true;
    const Lesson& lesson = values.lesson();
    if (lesson.kind() != LessonKind::TileLoading) {
        values.fail("phases", values.what() + "phases applies to lesson2 only",
                    "lesson2's kernel computes one phase of the product; " + lesson.id + "'s computes all of it, so phases would be ignored");
        return false;
    }
    const auto [smallest, from] = smallestCheckedSize(values);
    const long count = smallest / values.tile();
    const std::vector<long> list = values.check().listParam("phases", {});
    for (size_t i = 0; i < list.size(); ++i) {
        const long p = list[i];
        if (p >= 0 ? p < count : -p <= count) continue;
        values.fail("phases", i,
                    values.what() + "phase " + std::to_string(p) + " does not exist at n = " + std::to_string(smallest) + " (" + from +
                        "), which has " + std::to_string(count) + " phase" + (count == 1 ? "" : "s") + ": 0 .. " +
                        std::to_string(count - 1) + ", or -1 .. -" + std::to_string(count) + " from the end",
                    "every size is checked at every phase, and one a size lacks is skipped there: pick a phase that "
                    "every size has, or raise the smallest size");
        return false;
    }
    return true;
}

/// The timing's repetitions: reps, min_runs and max_runs at least 1, and min_runs at most max_runs.
void checkRunCounts(CheckValues& values) {
    const CheckSpec& check = values.check();
    const std::string what = values.what();
    if (values.given("reps") && check.intParam("reps", 0) < 1)
        values.fail("reps", what + "reps must be at least 1, got " + std::to_string(check.intParam("reps", 0)),
                    "timeLaunchMs launches the kernel reps times and returns the mean");
    for (const char* key : {"min_runs", "max_runs"})
        if (values.given(key) && check.intParam(key, 0) < 1)
            values.fail(key, what + key + " must be at least 1, got " + std::to_string(check.intParam(key, 0)),
                        "the speedup is the median of timed runs: at least min_runs, at most max_runs");
    const long minRuns = check.intParam("min_runs", param_defaults::kMinRuns), maxRuns = check.intParam("max_runs", param_defaults::kMaxRuns);
    if (!values.failed() && minRuns > maxRuns)
        values.fail(values.given("min_runs") ? "min_runs" : "max_runs",
                    what + "min_runs (" + std::to_string(minRuns) + (values.given("min_runs") ? "" : ", the default") + ") is more than max_runs (" +
                        std::to_string(maxRuns) + (values.given("max_runs") ? "" : ", the default") + ")",
                    "the timing stops after max_runs runs, so min_runs can never be reached");
}

/// The speedup's thresholds: floor at least 0, fraction in (0, 1].
void checkSpeedupThresholds(CheckValues& values) {
    const CheckSpec& check = values.check();
    if (values.given("floor") && check.numberParam("floor", 0) < 0)
        values.fail("floor", values.what() + "floor must be 0 or more, got " + formatNumber(check.numberParam("floor", 0)),
                    "the least speedup over the naive reference that passes, 1.1 in the kit; the threshold is the larger of "
                    "floor and fraction x the reference tiled kernel's speedup");
    if (values.given("fraction")) {
        const double fraction = check.numberParam("fraction", 0);
        if (!(fraction > 0 && fraction <= 1))
            values.fail("fraction", values.what() + "fraction must be more than 0 and at most 1, got " + formatNumber(fraction),
                        "the share of the reference tiled kernel's own speedup to reach, 0.8 in the kit: above 1 a kernel "
                        "as fast as the reference fails");
    }
}

/// The speedup's stopping rules: target_rel_error in (0, 1), and time_cap_s that leaves time within time_limit_s.
void checkSpeedupStops(CheckValues& values) {
    const CheckSpec& check = values.check();
    if (values.given("target_rel_error")) {
        const double target = check.numberParam("target_rel_error", 0);
        if (!(target > 0 && target < 1))
            values.fail("target_rel_error", values.what() + "target_rel_error must be more than 0 and less than 1, got " + formatNumber(target),
                        "the relative standard error of the mean at which the timing stops early, 0.01 in the kit");
    }
    if (values.given("time_cap_s") && !values.failed()) {
        const double cap = speedupTimeCapS(check);
        if (!(cap > 0) || cap >= check.timeLimitS)
            values.fail("time_cap_s",
                        values.what() + "time_cap_s must be more than 0 and less than time_limit_s (" + formatNumber(check.timeLimitS) +
                            (values.given("time_limit_s") ? "" : ", the default") + "), got " + formatNumber(cap),
                        "time_cap_s ends the timing loop, and the run also needs its start and warm-up: at time_limit_s it is killed as a hang");
    }
}

}  // namespace

void validateCorrectnessParams(CheckValues& values) {
    checkSizes(values);
    if (values.failed() || !checkPhases(values)) return;
    checkTolerance(values);
}

/// redundant_barrier_penalty within the check's points.
void validateBarriersParams(CheckValues& values) {
    checkSizes(values);
    if (values.failed() || !values.given("redundant_barrier_penalty")) return;
    const CheckSpec& check = values.check();
    const long penalty = check.intParam("redundant_barrier_penalty", 0);
    if (penalty < 0 || penalty > check.points)
        values.fail("redundant_barrier_penalty",
                    values.what() + "redundant_barrier_penalty must be between 0 and the check's " + std::to_string(check.points) + " point" +
                        (check.points == 1 ? "" : "s") + ", got " + std::to_string(penalty),
                    "the points a passing kernel loses for more barriers per phase than it needs");
}

/// expect names the lesson's own kind of kernel.
void validateTrafficParams(CheckValues& values) {
    checkSizes(values);
    if (values.failed() || !values.given("expect")) return;
    const Lesson& lesson = values.lesson();
    const std::string kind = values.check().stringParam("expect", "");
    if (std::find(kTrafficKinds.begin(), kTrafficKinds.end(), kind) == kTrafficKinds.end())
        values.fail("expect", values.what() + "expect must be one of " + joinNames(kTrafficKinds, "or") + ", got '" + kind + "'",
                    didYouMean(kind, kTrafficKinds));
    else if (kind != trafficKind(lesson))
        values.fail("expect",
                    values.what() + "expect '" + kind + "' does not fit " + lesson.id + ", whose kernel reads like '" + trafficKind(lesson) + "'",
                    "naive is lesson 1's kernel, tile_phase lesson 2's one phase, tiled lesson 3's loop; a right " + lesson.id +
                        " kernel would fail '" + kind + "'");
}

void validateTimingParams(CheckValues& values) {
    checkSizes(values);
    if (values.failed()) return;
    checkTolerance(values);
    checkRunCounts(values);
}

void validateSpeedupParams(CheckValues& values) {
    checkSizes(values);
    if (values.failed()) return;
    checkSpeedupThresholds(values);
    checkRunCounts(values);
    checkSpeedupStops(values);
}

std::string trafficKind(const Lesson& lesson) {
    switch (lesson.kind()) {
        case LessonKind::Naive: return "naive";
        case LessonKind::TileLoading: return "tile_phase";
        default: return "tiled";
    }
}

double speedupTimeCapS(const CheckSpec& check) {
    return check.numberParam("time_cap_s", std::min(param_defaults::kTimeCapS, check.timeLimitS / 2));
}

std::vector<long> correctnessSizes(const Lesson& lesson, const CheckSpec& check, bool gpu) {
    const char* key = gpu ? "gpu_sizes" : "cpu_sizes";
    if (lesson.kind() == LessonKind::Timing) return check.listParam(key, {16, 1291, 2048, 4096});
    return check.listParam(key, gpu ? std::vector<long>{1024} : std::vector<long>{16, 64});
}

}  // namespace grader
