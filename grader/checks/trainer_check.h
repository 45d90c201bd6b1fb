// The trainer check's verdict on progress already read, shared by the
// native check (checks/trainer.cpp, which reads trainer_progress.yaml beside
// the student's file) and the browser's judge (web/judge/browser_trainer.cpp,
// which reads the page's stored progress as JSON), so both say the same.
// Non-goal: finding or reading the progress file.
#pragma once

#include <string>

#include "checks/check.h"
#include "trainer/progress.h"

namespace grader {

/// The progress file as the report names it: `name` in the folder of the student's file as typed.
std::string trainerProgressDisplay(const CheckContext& ctx, const std::string& name);

/// The check's result when the progress file `display` is missing: fail, naming the trainer's command.
CheckResult missingTrainerProgress(const CheckContext& ctx, const std::string& display);

/// The check's result for the progress `loaded` from `display`: an unusable file fails; otherwise the set of the
/// lesson's exercises, of any seed, with the most right answers decides (drawn again and checked), points in proportion.
CheckResult trainerCheckResult(const CheckContext& ctx, const LoadedProgress& loaded, const std::string& display);

}  // namespace grader
