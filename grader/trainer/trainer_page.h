// `grader trainer --html OUT.html [--lang en|ru] [--seed S] [--tilemap-json FILE]`:
// writes the tile-map trainer as one self-contained HTML page (styles, the
// exercise generator and the script inline, from grader/trainer/page/, built
// in at compile time; no network, works from file://). The page generates the
// same exercises as `grader trainer LESSON --seed S` for the course's TILE and
// its lessons that have a trainer (lesson2, lesson3), checks the student's
// marked cells and keeps progress in the browser, keyed by the course's
// version (the hash of course.yaml) and the seed. With --tilemap-json, the JSON of
// `grader tilemap LESSON FILE --json` is embedded for the page's second panel.
// Exit 0: written; 2: bad arguments, an unreadable tile-map JSON, a course
// without a trainer lesson, or OUT not writable.
// Non-goals: the terminal trainer and the generator's C++ side (trainer_command.h).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"

namespace CLI {
class App;
}

namespace grader {

/// The lesson ids that name a trainer's exercise set, in the order the page lists them.
const std::vector<std::string>& trainerSetIds();

/// What the page is written with.
struct TrainerPageOptions {
    std::string language = "en";  ///< the page's language at first: en or ru (the page has a switch)
    uint32_t seed = 1;            ///< the seed the page starts with (it has a field for others)
    std::string tilemapJson;      ///< the text of `grader tilemap --json` to embed, or ""
};

/// The page's HTML for `course`, or an Error (a course without a trainer lesson, tile-map JSON that does not parse).
Expected<std::string> trainerPageHtml(const Course& course, const TrainerPageOptions& options);

/// What `grader trainer --html` was asked.
struct TrainerPageCommand {
    std::string out;           ///< --html OUT.html; "" when not asked
    std::string tilemapJson;   ///< --tilemap-json FILE
};

/// Adds --html and --tilemap-json to the `trainer` subcommand.
void addTrainerPageOptions(CLI::App& trainer, TrainerPageCommand& command);

/// Writes the page; prints what it wrote on `out`, problems once on `err`; returns the exit code.
int runTrainerPage(const Course& course, const TrainerPageCommand& command, const std::string& language,
                   std::optional<uint64_t> seed, std::ostream& out, std::ostream& err);

}  // namespace grader
