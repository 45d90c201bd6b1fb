// The trainer check: the tile-map trainer's progress file
// (trainer_progress.yaml beside the student's file, found as the quiz's
// answers are) must record a set of the lesson's exercises answered right,
// for any seed. The exercises are drawn again and the recorded answers
// checked, so the file's word is never taken. It builds and runs nothing and
// writes nothing: a corrupt file or one from another course version is the
// student's to fix (fail), and `grader trainer` sets it aside. Points are in
// proportion to the right exercises of the best record (course.yaml's
// default is 0 points: the check is reported and counted by CTest). The
// verdict is trainer_result.cpp's, which the browser's judge shares.
#include "checks/check.h"
#include "checks/trainer_check.h"
#include "trainer/progress.h"

namespace grader {

CheckResult checkTrainer(CheckContext& ctx) {
    const std::string name = fileBesideStudentFile(ctx, kTrainerProgressFile);
    const std::filesystem::path path = ctx.file.parent_path() / name;
    const std::string display = trainerProgressDisplay(ctx, name);
    if (!std::filesystem::exists(path)) return missingTrainerProgress(ctx, display);
    return trainerCheckResult(ctx, loadProgress(path, display, trainerCourseVersion(kKitTile)), display);
}

}  // namespace grader
