// The trainer check: the tile-map trainer's progress file
// (trainer_progress.yaml beside the student's file, found as the quiz's
// answers are) must record a set of the lesson's exercises answered right,
// for any seed. The exercises are drawn again and the recorded answers
// checked, so the file's word is never taken. It builds and runs nothing and
// writes nothing: a corrupt file or one from another course version is the
// student's to fix (fail), and `grader trainer` sets it aside. Points are in
// proportion to the right exercises of the best record (course.yaml's
// default is 0 points: the check is reported and counted by CTest).
#include "checks/check.h"
#include "core/escape.h"
#include "trainer/progress.h"

namespace grader {

CheckResult checkTrainer(CheckContext& ctx) {
    const std::string name = fileBesideStudentFile(ctx, kTrainerProgressFile);
    const std::filesystem::path path = ctx.file.parent_path() / name;
    const std::string display = (std::filesystem::path(ctx.displayFile).parent_path() / name).string();
    // The trainer keeps starter/NN-name/trainer_progress.yaml unless told: a file elsewhere is named, so the command continues it.
    const bool kitsOwn = display == (std::filesystem::path("starter") / ctx.lesson.folder / kTrainerProgressFile).string();
    const std::string progressOption = kitsOwn ? "" : " --progress " + shellQuote(display);
    const std::string command = ctx.grader + " trainer " + ctx.lesson.id + progressOption;
    if (!std::filesystem::exists(path))
        return makeResult(ctx, Status::Fail, "trainer.no-progress", "no trainer progress: " + display + " is missing.\nDo the exercises: " + command);
    const LoadedProgress loaded = loadProgress(path, display, trainerCourseVersion(kKitTile));
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
