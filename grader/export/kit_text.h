// The kit files the student kit gets in an edited form, each by a table of
// line markers (a marker is a line of its own; blocks do not nest):
//   README.md (and CONTRACT.md and docs/student-guide.md, by the same markers): only what is marked
//     for the student travels, so a section added to the instructor's
//     README stays with the instructor unless it is marked. Lines between "<!-- student-kit -->" and
//     "<!-- /student-kit -->" are in both kits; the lines of a
//     "<!-- student-kit-only" ... "-->" comment are shown in the student kit
//     only (the instructor's kit has them as a hidden comment); every other
//     line is the instructor's.
//   scripts/install-deps.sh: lines between "# instructor-only" and
//     "# /instructor-only" (the packages of the kit's own tests and of batch
//     grading) are left out; every other line travels.
//   CMakePresets.json: presets that test the hidden solutions
//     (COURSE_SUBMISSION_DIR = solutions), and the presets that use or
//     inherit them, are left out.
// Non-goal: any other editing; every other file travels as it is.
#pragma once

#include <string>

#include "core/error.h"

namespace grader {

/// README.md as the student kit has it; an unbalanced marker, or no student-kit block, is an Error located in `displayName`.
Expected<std::string> studentReadme(const std::string& text, const std::string& displayName);

/// scripts/install-deps.sh without its instructor-only lines; an unbalanced marker is an Error.
Expected<std::string> studentInstallScript(const std::string& text, const std::string& displayName);

/// CMakePresets.json without the presets that need solutions/.
Expected<std::string> studentPresets(const std::string& json, const std::string& displayName);

}  // namespace grader
