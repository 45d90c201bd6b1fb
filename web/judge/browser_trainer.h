// The tile-map trainer in the browser's judge: the trainer check of Check's
// report (checkTrainer, browser_trainer.cpp) and the progress file the page
// offers for download (judgeTrainerProgress), both from the page's progress
// as JSON (trainer/progress_json.h) with the grader's own code.
// Non-goal: reading YAML (the judge has no yaml-cpp).
#pragma once

namespace grader {

/// `judge trainer-progress`: /in/trainer_progress.json (the page's progress) as /out/trainer_progress.yaml, in the
/// form `grader trainer` writes and `grader check` reads. Returns 0, or 3 when the input is not the page's.
int judgeTrainerProgress();

}  // namespace grader
