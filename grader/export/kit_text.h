// The two kit files the student kit gets in an edited form:
//   README.md: blocks between "<!-- instructor-only -->" and
//     "<!-- /instructor-only -->" are left out, and the lines of a
//     "<!-- student-kit" ... "-->" comment are shown (they are hidden in the
//     instructor's kit);
//   CMakePresets.json: presets that test the hidden solutions
//     (COURSE_SUBMISSION_DIR = solutions), and the build, test and workflow
//     presets that use them, are left out.
// Non-goal: any other editing; every other file travels as it is.
#pragma once

#include <string>

#include "core/error.h"

namespace grader {

/// README.md as the student kit has it; an unbalanced marker is an Error located in `displayName`.
Expected<std::string> studentReadme(const std::string& text, const std::string& displayName);

/// CMakePresets.json without the presets that need solutions/.
Expected<std::string> studentPresets(const std::string& json, const std::string& displayName);

}  // namespace grader
