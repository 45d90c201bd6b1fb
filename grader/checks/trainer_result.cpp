// The trainer check's verdict on progress already read (see trainer_check.h).
#include "checks/trainer_check.h"

#include <filesystem>

#include "core/escape.h"

namespace grader {

namespace {

/// "grader trainer LESSON [--progress FILE]": the command that continues the progress `display`. The trainer keeps
/// starter/NN-name/trainer_progress.yaml unless told: a file elsewhere is named, so the command continues it.
std::string trainerCommand(const CheckContext& ctx, const std::string& display) {
    const bool kitsOwn = display == (std::filesystem::path("starter") / ctx.lesson.folder / kTrainerProgressFile).string();
    return ctx.grader + " trainer " + ctx.lesson.id + (kitsOwn ? "" : " --progress " + shellQuote(display));
}

}  // namespace

std::string trainerProgressDisplay(const CheckContext& ctx, const std::string& name) {
    return (std::filesystem::path(ctx.displayFile).parent_path() / name).string();
}

CheckResult missingTrainerProgress(const CheckContext& ctx, const std::string& display) {
    return makeResult(ctx, Status::Fail, "trainer.no-progress",
                      "no trainer progress: " + display + " is missing.\nDo the exercises: " + trainerCommand(ctx, display));
}

CheckResult trainerCheckResult(const CheckContext& ctx, const LoadedProgress& loaded, const std::string& display) {
    const std::string command = trainerCommand(ctx, display);
    if (loaded.problem != ProgressProblem::None)
        return makeResult(ctx, Status::Fail, "trainer.unreadable-progress", sentence(loaded.error.format()) + "\nRun the trainer again (it sets the file aside): " + command);
    int bestRight = -1, total = 0;
    uint32_t bestSeed = kDefaultTrainerSeed;
    std::string notRight;
    for (const SetRecord& record : loaded.progress.records) {
        if (record.set != ctx.lesson.id) continue;
        const auto set = generateSet(record.set, record.seed, kKitTile);
        int right = 0;
        std::string missed;
        for (size_t i = 0; i < set->exercises.size(); ++i) {
            const Exercise& e = set->exercises[i];
            if (allRight(checkRecorded(e, recordedFor(&record, i, e)))) ++right;
            else missed += (missed.empty() ? "" : ", ") + std::string(kindName(e.kind));
        }
        if (right > bestRight) {
            bestRight = right;
            bestSeed = record.seed;
            total = static_cast<int>(set->exercises.size());
            notRight = missed;
        }
    }
    if (bestRight < 0)
        return makeResult(ctx, Status::Fail, "trainer.no-answers", "no trainer answers for " + ctx.lesson.id + " in " + display + ".\nDo the exercises: " + command);
    const std::string seedText = "seed " + std::to_string(bestSeed);
    const std::string rerun = command + (bestSeed == kDefaultTrainerSeed ? "" : " --seed " + std::to_string(bestSeed));
    const bool passed = bestRight == total;
    CheckResult result = makeResult(ctx, passed ? Status::Pass : Status::Fail, "trainer.exercises-wrong",
                                    std::to_string(bestRight) + "/" + std::to_string(total) + " trainer exercises right (" + seedText + ")" +
                                        (passed ? "." : "; not yet right: " + notRight + ".\nContinue: " + rerun));
    result.points = total ? ctx.spec.points * bestRight / total : 0;
    return result;
}

}  // namespace grader
