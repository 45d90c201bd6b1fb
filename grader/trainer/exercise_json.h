// A trainer set as `grader trainer --json` prints it (CONTRACT.md gives the
// shape): each exercise's kind, size, parameters and right answer, part by part.
// Non-goal: asking or checking answers (cli/verbs/trainer.cpp, answer_check.h).
#pragma once

#include <nlohmann/json.hpp>

#include "trainer/exercises.h"

namespace grader {

/// The set as `grader trainer --json` prints it.
nlohmann::ordered_json exerciseSetJson(const ExerciseSet& set);

}  // namespace grader
