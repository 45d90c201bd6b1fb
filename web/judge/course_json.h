// The course as `grader list --json` prints it, read back into the grader's
// Course model: the browser's judge cannot link yaml-cpp, so the web build
// has the native grader load course.yaml (one source of truth, its
// validation included) and write this JSON beside the judge.
// Non-goals: validating the course again; the keys the checks do not read
// (penalties, similarity, leaderboard).
#pragma once

#include <string>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// The course in `text` (grader list --json's form); an Error when it is not that form.
Expected<Course> courseFromJson(const std::string& text);

}  // namespace grader
