// The check table (see check_table.h): one row per check, in the order they run.
#include "checks/check_table.h"

#include "checks/check.h"

namespace grader {

namespace {

/// The plan of a check that runs nothing (compile: it reads the build).
std::vector<RunRequest> noRuns(const CheckContext&) { return {}; }

const std::vector<CheckEntry> kChecks = {
    {{"compile", "The file compiles and links against the lesson's contract.", {1, 2, 3, 4}, "", "every other check needs the build", {},
      nullptr},
     Runs::Anywhere, checkCompile, noRuns},
    // the emulator sees out-of-bounds accesses a GPU hides
    {{"correctness", "Every element of C is right at each size, and no thread reads or writes outside a matrix.", {1, 2, 3, 4}, "", "",
      {{"cpu_sizes", "int-list", "lessons 1-3: `[16, 64]`; lesson 4: `[16, 1291, 2048, 4096]`",
        "each 1 .. 16384; multiples of TILE in lessons 2 and 3"},
       {"gpu_sizes", "int-list", "lessons 1-3: `[1024]`; lesson 4: as `cpu_sizes`", "as `cpu_sizes`"},
       {"phases", "int-list", "`[0]`", "lesson 2 only; negative counts from the end; each must exist at the smallest size"},
       {"tolerance", "number", "`1e-6`",
        "more than 0, less than 1; relative to `n * max|A| * max|B|` (lesson 4: relative error of `gflops`)"}},
      validateCorrectnessParams},
     Runs::EmulatorThenGpu, checkCorrectness, correctnessRuns},
    // one rule on every backend, then what only the sanitizer sees
    {{"barriers",
      "No shared-memory hazard (a word one thread writes and another touches with no barrier between) and no divergent barrier.",
      {1, 2, 3}, "it runs the student's kernel, and lesson 4's file has none", "",
      {{"cpu_size", "int", "32", "1 .. 16384, a multiple of TILE in lessons 2 and 3 (the GPU's sanitizer runs at n = 64)"},
       {"redundant_barrier_penalty", "int", "0", "0 .. the check's points"}},
      validateBarriersParams},
     Runs::EmulatorThenGpu, checkBarriers},
    // global loads are counted by the emulator
    {{"traffic", "The kernel reads from global memory as few floats per element of C as the lesson's method needs.", {1, 2, 3},
      "it counts the student's kernel's loads, and lesson 4's file has no kernel", "",
      {{"cpu_size", "int", "64", "as `barriers`"},
       {"expect", "string", "the lesson's: `naive`, `tile_phase`, `tiled`", "must be the lesson's own"}},
      validateTrafficParams},
     Runs::EmulatorOnly, checkTraffic},
    // the virtual clock's rules (warm-up, sync, mean), then the real clock
    {{"timing", "timeLaunchMs warms up, waits for the stop event and returns the mean time of a launch.", {4},
      "it times the student's timeLaunchMs, which only lesson 4's file has", "",
      {{"cpu_size", "int", "64", "1 .. 16384, a multiple of TILE"},
       {"gpu_size", "int", "2048", "as `cpu_size`"},
       {"reps", "int", "10", "1 or more"},
       {"tolerance", "number", "0.15", "more than 0, less than 1 (gpu only)"}},
      validateTimingParams},
     Runs::EmulatorThenGpu, checkTiming, timingRuns},
    {{"speedup", "The kernel is fast enough against the grader's reference kernels on a GPU.", {3, 4},
      "it times lesson 3's tiled kernel or lesson 4's timer; lessons 1 and 2 have neither, so every student would fail", "",
      {{"gpu_size", "int", "2048", "1 .. 16384, a multiple of TILE"},
       {"floor", "number", "1.1", "0 or more"},
       {"fraction", "number", "0.8", "more than 0, at most 1"},
       {"min_runs", "int", "10", "1 or more; not above `max_runs`"},
       {"max_runs", "int", "200", "1 or more"},
       {"target_rel_error", "number", "0.01", "more than 0, less than 1 (the timing stops early there)"},
       {"time_cap_s", "number", "min(20, `time_limit_s` / 2)", "more than 0, less than `time_limit_s`"}},
      validateSpeedupParams},
     Runs::GpuOnly, checkSpeedup, speedupRuns},
    // reads the answers file; never builds or runs student code
    {{"quiz", "Every answer of the lesson's quiz is right.", {1, 2, 3, 4}, "", "",
      {{"answers_file", "string", "`quiz_answers.yaml`", "beside the lesson's file"},
       {"reveal_after_tries", "count", "3", "0 (never) or more"}},
      nullptr},
     Runs::WithoutCode, checkQuiz},
    // reads the trainer's progress file; never builds or runs student code
    {{"trainer", "A set of the tile-map trainer's exercises is answered right.", {2, 3},
      "the tile-map trainer has exercises for lessons 2 and 3 only (the tiled kernels)", "", {}, nullptr},
     Runs::WithoutCode, checkTrainer},
};

}  // namespace

const std::vector<CheckEntry>& checkTable() { return kChecks; }

const CheckEntry* findCheck(const std::string& name) {
    for (const auto& entry : kChecks)
        if (name == entry.name) return &entry;
    return nullptr;
}

const char* runsName(Runs where) {
    switch (where) {
        case Runs::Anywhere: return "Runs::Anywhere";
        case Runs::GpuOnly: return "Runs::GpuOnly";
        case Runs::EmulatorOnly: return "Runs::EmulatorOnly";
        case Runs::EmulatorThenGpu: return "Runs::EmulatorThenGpu";
        case Runs::WithoutCode: return "Runs::WithoutCode";
    }
    return "Runs::Anywhere";
}

const CheckCatalog& checkCatalog() {
    static const CheckCatalog catalog = [] {
        CheckCatalog schemas;
        for (const auto& entry : kChecks) schemas.push_back(&entry);
        return schemas;
    }();
    return catalog;
}

Expected<Course> parseCourse(const std::string& text, const std::string& displayName, const std::filesystem::path& root) {
    return parseCourse(text, displayName, root, checkCatalog());
}

Expected<Course> loadCourse(const std::filesystem::path& path) { return loadCourse(path, checkCatalog()); }

}  // namespace grader
