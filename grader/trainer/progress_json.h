// The trainer's progress as JSON: the form the browser edition keeps it in
// (localStorage, per lesson) and gives its judge, which cannot link yaml-cpp.
// The same content as trainer_progress.yaml (progress.h), key for key:
//   {"course_version": "3f2a9c0d1e4b", "records": [{"set": "lesson2", "seed": 1,
//     "exercises": [{"kind": "thread_load", "answers": {"A": "37,3", "tA": "5,3"}}]}]}
// Read back as parseProgress reads the YAML: a value of the wrong type, a
// missing or unknown key is Corrupt, another course version OtherVersion.
// Non-goals: YAML (progress_reader.cpp); the page's own bookkeeping (which
// exercise was right in the page: web/src/trainer_progress.mjs).
#pragma once

#include <string>

#include "trainer/progress.h"

namespace grader {

/// The progress in `text` (the JSON form) for the course version `courseVersion`; `displayName` names it in errors.
LoadedProgress progressFromJson(const std::string& text, const std::string& displayName, const std::string& courseVersion);

/// `progress` in the JSON form, on one line.
std::string progressJson(const TrainerProgress& progress);

}  // namespace grader
