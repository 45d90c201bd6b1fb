// The tile-map trainer's exercises: the mulberry32 generator and the two
// sets (lesson2: thread_load, block_tiles, element_readers; lesson3:
// resident_phase, global_reads, barrier_order), drawn from a seed exactly as
// grader/trainer/SPEC.md says, so the HTML page's JavaScript port
// asks the same exercises for the same seed. Each exercise carries its right
// answer, part by part.
// Non-goals: reading or checking answers (answer_check.h), text (trainer_text.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace grader {

/// mulberry32: one 32-bit state word; the page's JavaScript runs the same steps.
class Mulberry32 {
public:
    explicit Mulberry32(uint32_t seed) : state_(seed) {}
    /// The next unsigned 32-bit number.
    uint32_t next();
    /// next() mod `m`, an integer in [0, m); `m` >= 1.
    uint32_t below(uint32_t m) { return next() % m; }

private:
    uint32_t state_;
};

/// The six kinds of exercise, in the order of the spec.
enum class ExerciseKind { ThreadLoad, BlockTiles, ElementReaders, ResidentPhase, GlobalReads, BarrierOrder };

/// "thread_load", "block_tiles", ...
const char* kindName(ExerciseKind kind);

/// What form one answer part takes.
enum class PartForm {
    Cells,   ///< cells and ranges of an n x n matrix ("row,col", "r0..r1,c0..c1")
    Blocks,  ///< blocks of the grid ("bx,by"), B x B
    Slot,    ///< one slot of a TILE x TILE shared tile ("y,x")
    Number,  ///< a whole number
    Order,   ///< the five step labels 1..5 in order
};

/// A rectangle of cells, inclusive: rows r0..r1, cols c0..c1 (a block set: y = r, x = c).
struct CellRange {
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    bool operator==(const CellRange&) const = default;
};

/// One part of an exercise's answer and its right value.
struct AnswerPart {
    std::string name;  ///< "A", "B", "tA", "tB", "blocks", "phase", "readers", "naive", "tiled", "order"
    PartForm form = PartForm::Number;
    std::vector<CellRange> cells;  ///< Cells, Blocks: the right cells (Blocks: x in c, y in r)
    bool asRanges = false;         ///< Cells: the JSON lists [r0,r1,c0,c1] ranges, else [r,c] cells
    int y = 0, x = 0;              ///< Slot
    long number = 0;               ///< Number
    std::vector<std::string> order;  ///< Order: the canonical step ids
};

/// The five steps of one phase, canonical order (barrier_order).
const std::vector<std::string>& phaseSteps();

/// One generated exercise.
struct Exercise {
    ExerciseKind kind = ExerciseKind::ThreadLoad;
    int n = 0, tile = 0;
    std::vector<std::pair<std::string, int>> params;  ///< in the JSON's order
    std::vector<std::string> shown;                   ///< barrier_order: the steps as shown, labelled 1..5
    std::vector<AnswerPart> parts;

    /// Tiles per side, n / TILE.
    int blocks() const { return n / tile; }
    /// The parameter `name` (0 when absent).
    int param(const std::string& name) const;
    /// The answer part `name`, or nullptr.
    const AnswerPart* part(const std::string& name) const;
};

/// The exercise of `kind` at size `n` for the given parameters (and, for barrier_order, the steps as
/// shown), with its right answer.
Exercise makeExercise(ExerciseKind kind, int n, int tile, std::vector<std::pair<std::string, int>> params,
                      std::vector<std::string> shown = {});

/// One exercise set: a lesson's exercises for a seed.
struct ExerciseSet {
    std::string name;  ///< lesson2 or lesson3
    uint32_t seed = 1;
    int tile = 16;
    std::vector<Exercise> exercises;
};

/// The sets the trainer knows, in order: {"lesson2", "lesson3"}.
const std::vector<std::string>& trainerSets();

/// The exercises of set `name` for `seed` at `tile`; nullopt for a lesson without a trainer.
std::optional<ExerciseSet> generateSet(const std::string& name, uint32_t seed, int tile);

/// The default seed when none is given.
constexpr uint32_t kDefaultTrainerSeed = 1;

/// A hash of what the exercises depend on (the tile, the sets, the generator's rules): progress
/// recorded under another value was for other exercises.
std::string trainerCourseVersion(int tile);

}  // namespace grader
