// `grader trainer [SET] --html OUT.html [--lang en|ru] [--seed S] [--tilemap-json FILE]`:
// writes the tile-map trainer as one self-contained HTML page (styles, the
// exercise generator and the script inline, from grader/trainer/page/, built
// in at compile time; no network, works from file://). The page generates the
// same exercises as `grader trainer LESSON --seed S` for the course's TILE and
// its lessons that have a trainer (lesson2, lesson3), checks the student's
// marked cells and keeps progress in the browser, keyed by the trainer's
// course version (trainerCourseVersion) and the seed. With --tilemap-json, the JSON of
// `grader tilemap LESSON FILE --json` is embedded for the page's second panel.
// Non-goals: writing the file and the verb's options (cli/verbs/trainer.cpp),
// the terminal trainer, the generator's C++ side (exercises.h).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// What the page is written with.
struct TrainerPageOptions {
    std::string language = "en";  ///< the page's language at first: en or ru (the page has a switch)
    std::string set;              ///< the set the page opens at ("": the course's first)
    uint32_t seed = 1;            ///< the seed the page starts with (it has a field for others)
    std::string tilemapJson;      ///< the text of `grader tilemap --json` to embed, or ""
};

/// The page's HTML for `course`, or an Error (a course without a trainer lesson, tile-map JSON that does not parse).
Expected<std::string> trainerPageHtml(const Course& course, const TrainerPageOptions& options);

}  // namespace grader
