// A lesson's first emulator run, started before its grading begins. A batch
// takes a submission in ahead of its turn and builds its files while others
// are graded; with early runs it also starts each lesson's first run on the
// emulator as soon as the file is built, so that a kernel that never ends
// spends its time limit while other work goes on, not at the batch's end.
// The grading takes the run's record when it asks for the same run, exactly
// as if it had started the run itself then.
// Non-goals: deciding a verdict (the checks do, from the record); GPU runs
// (they take turns of the device, which only grading asks for).
#pragma once

#include <future>
#include <optional>
#include <string>

#include "backend/backend.h"
#include "core/course.h"

namespace grader {

struct CheckOptions;

/// A run started early on the emulator: the grading takes it for the same request (its memo key, limits and seed).
struct EarlyRun {
    RunRequest request;
    std::shared_future<std::optional<RunRecord>> record;  ///< nullopt when it did not run (the build failed): the grading runs it
};

/// The first run a lesson's grading asks the emulator for, with `primary` the backend it grades on: the first planned
/// run (the check table's RunPlan) of the checks the options select that run on the emulator, in course.yaml's order;
/// nullopt where a check with runs not known ahead comes first, or no check runs there.
std::optional<RunRequest> firstEmulatorRun(const Course& course, const Lesson& lesson, const Backend& primary, Backend& emulator,
                                           const CheckOptions& options);

}  // namespace grader
