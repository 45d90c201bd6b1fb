// `grader trainer SET [--seed S] [--lang en|ru] [--json] [--progress FILE | --no-progress]`:
// the tile-map trainer of lessons 2 and 3 in the terminal. It draws the set's
// exercises for the seed (exercises.h), asks each part of each exercise on
// stdin (a line per part; a malformed, out-of-range or empty answer gets a
// one-line message and is asked again), then says right, wrong or partly
// right with the index arithmetic and the right cells. Exercises whose
// recorded answers are right (progress.h) are not asked again. At the end
// of input the parts not yet answered count as wrong. With --json it prints
// the set (the shape CONTRACT.md gives) and asks nothing.
// Exit 0: every exercise of the set right; 1: not every one; 2: bad
// arguments (a lesson without a trainer, a seed out of range).
// With --html OUT.html it writes the trainer page instead (trainer_page.h).
// Non-goal: the page itself.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include "cli/verb.h"
#include "core/course.h"
#include "trainer/exercises.h"

namespace grader {

/// What `grader trainer` was asked.
struct TrainerCommand {
    std::string set;                ///< lesson2 or lesson3
    std::optional<uint64_t> seed;   ///< default kDefaultTrainerSeed
    std::string language = "en";
    bool json = false;
    std::string progress;           ///< the progress file ("": beside the starter's quiz_answers.yaml)
    bool noProgress = false;        ///< neither read nor write a progress file
    bool colour = false;            ///< colour and Unicode glyphs (a terminal without NO_COLOR)
    bool echo = false;              ///< write each answer read after its prompt (input that is not a terminal)
};

/// Runs `grader trainer`, reading answers from `in`; returns the exit code.
ExitCode runTrainerCommand(const Course& course, const TrainerCommand& command, std::istream& in, std::ostream& out, std::ostream& err);

/// What `grader trainer --html` was asked.
struct TrainerPageCommand {
    std::string out;           ///< --html OUT.html; "" when not asked
    std::string tilemapJson;   ///< --tilemap-json FILE
};

/// Writes the page with the set, seed and language of `trainer`; prints what it wrote on `out`,
/// problems once on `err`; returns the exit code.
ExitCode runTrainerPage(const Course& course, const TrainerPageCommand& command, const TrainerCommand& trainer, std::ostream& out,
                        std::ostream& err);

}  // namespace grader
