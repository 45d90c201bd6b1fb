// The trainer in the browser's judge (see browser_trainer.h): the trainer
// check of Check's report, read from the page's progress as JSON and judged
// by the grader's own trainerCheckResult (checks/trainer_check.h, which the
// native check uses too), the file named trainer_progress.yaml beside the
// student's file as the native check names it; no progress kept is a missing
// file. And `judge trainer-progress`: the progress file to hand in.
// Non-goal: the native check's other places for the file (a folder of
// several lessons' files).
#include "browser_trainer.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "checks/check.h"
#include "checks/trainer_check.h"
#include "core/toolchain.h"
#include "trainer/progress_json.h"

namespace grader {

namespace {

constexpr const char* kPageProgress = "/in/trainer_progress.json";

}  // namespace

CheckResult checkTrainer(CheckContext& ctx) {
    const std::string display = trainerProgressDisplay(ctx, kTrainerProgressFile);
    std::string text;
    if (!std::filesystem::exists(kPageProgress) || !readFile(kPageProgress, text)) return missingTrainerProgress(ctx, display);
    return trainerCheckResult(ctx, progressFromJson(text, display, trainerCourseVersion(kKitTile)), display);
}

int judgeTrainerProgress() {
    std::string text;
    if (!readFile(kPageProgress, text)) {
        std::fprintf(stderr, "judge trainer-progress: %s is needed\n", kPageProgress);
        return 3;
    }
    const LoadedProgress loaded = progressFromJson(text, kTrainerProgressFile, trainerCourseVersion(kKitTile));
    if (loaded.problem == ProgressProblem::Corrupt) {  // the page wrote it: never the student's mistake
        std::fprintf(stderr, "judge trainer-progress: %s\n", loaded.error.format().c_str());
        return 3;
    }
    std::ofstream out("/out/trainer_progress.yaml", std::ios::binary);
    out << formatProgress(loaded.progress);  // another course version's is written as it is: grader trainer sets it aside
    return out ? 0 : 3;
}

}  // namespace grader
