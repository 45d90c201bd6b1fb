// The trainer's generator (see exercises.h).
#include "trainer/exercises.h"

#include "core/toolchain.h"

namespace grader {

uint32_t Mulberry32::next() {
    state_ += 0x6D2B79F5u;
    uint32_t z = state_;
    z = (z ^ (z >> 15)) * (z | 1u);
    z ^= z + (z ^ (z >> 7)) * (z | 61u);
    return z ^ (z >> 14);
}

const char* kindName(ExerciseKind kind) {
    switch (kind) {
        case ExerciseKind::ThreadLoad: return "thread_load";
        case ExerciseKind::BlockTiles: return "block_tiles";
        case ExerciseKind::ElementReaders: return "element_readers";
        case ExerciseKind::ResidentPhase: return "resident_phase";
        case ExerciseKind::GlobalReads: return "global_reads";
        case ExerciseKind::BarrierOrder: return "barrier_order";
    }
    return "";
}

const std::vector<std::string>& phaseSteps() {
    static const std::vector<std::string> steps = {"load_a", "load_b", "sync_loaded", "multiply", "sync_used"};
    return steps;
}

const std::vector<std::string>& trainerSets() {
    static const std::vector<std::string> sets = {"lesson2", "lesson3"};
    return sets;
}

int Exercise::param(const std::string& name) const {
    for (const auto& [key, value] : params)
        if (key == name) return value;
    return 0;
}

const AnswerPart* Exercise::part(const std::string& name) const {
    for (const auto& p : parts)
        if (p.name == name) return &p;
    return nullptr;
}

namespace {

AnswerPart cellsPart(const std::string& name, std::vector<CellRange> cells, bool asRanges) {
    AnswerPart p;
    p.name = name;
    p.form = PartForm::Cells;
    p.cells = std::move(cells);
    p.asRanges = asRanges;
    return p;
}

AnswerPart slotPart(const std::string& name, int y, int x) {
    AnswerPart p;
    p.name = name;
    p.form = PartForm::Slot;
    p.y = y;
    p.x = x;
    return p;
}

AnswerPart numberPart(const std::string& name, long value) {
    AnswerPart p;
    p.name = name;
    p.form = PartForm::Number;
    p.number = value;
    return p;
}

/// n = TILE * (2 + below(3)): 2, 3 or 4 tiles per side.
int drawSize(Mulberry32& rng, int tile) { return tile * (2 + static_cast<int>(rng.below(3))); }

int draw(Mulberry32& rng, int bound) { return static_cast<int>(rng.below(static_cast<uint32_t>(bound))); }

/// The exercise of `kind` at size `n` with its drawn values: the draws in the spec's order.
Exercise drawExercise(ExerciseKind kind, Mulberry32& rng, int tile) {
    const int n = drawSize(rng, tile), b = n / tile;
    switch (kind) {
        case ExerciseKind::ThreadLoad: {
            const int bx = draw(rng, b), by = draw(rng, b), p = draw(rng, b), tx = draw(rng, tile), ty = draw(rng, tile);
            return makeExercise(kind, n, tile, {{"bx", bx}, {"by", by}, {"p", p}, {"tx", tx}, {"ty", ty}});
        }
        case ExerciseKind::BlockTiles: {
            const int bx = draw(rng, b), by = draw(rng, b), p = draw(rng, b);
            return makeExercise(kind, n, tile, {{"bx", bx}, {"by", by}, {"p", p}});
        }
        case ExerciseKind::ElementReaders: {
            const int i = draw(rng, n), k = draw(rng, n);
            return makeExercise(kind, n, tile, {{"i", i}, {"k", k}});
        }
        case ExerciseKind::ResidentPhase: {
            const int bx = draw(rng, b), by = draw(rng, b), tx = draw(rng, tile), ty = draw(rng, tile), k = draw(rng, n);
            return makeExercise(kind, n, tile, {{"bx", bx}, {"by", by}, {"tx", tx}, {"ty", ty}, {"k", k}});
        }
        case ExerciseKind::GlobalReads: return makeExercise(kind, n, tile, {});
        case ExerciseKind::BarrierOrder: {
            std::vector<std::string> shown = phaseSteps();
            for (int i = 4; i >= 1; --i) std::swap(shown[i], shown[rng.below(static_cast<uint32_t>(i + 1))]);
            return makeExercise(kind, n, tile, {}, shown);
        }
    }
    return {};
}

}  // namespace

Exercise makeExercise(ExerciseKind kind, int n, int tile, std::vector<std::pair<std::string, int>> params, std::vector<std::string> shown) {
    Exercise e{kind, n, tile, std::move(params), std::move(shown), {}};
    const int last = tile - 1;
    switch (kind) {
        case ExerciseKind::ThreadLoad: {
            const int bx = e.param("bx"), by = e.param("by"), p = e.param("p"), tx = e.param("tx"), ty = e.param("ty");
            const int row = by * tile + ty, col = bx * tile + tx;
            e.parts = {cellsPart("A", {{row, row, p * tile + tx, p * tile + tx}}, false),
                       cellsPart("B", {{p * tile + ty, p * tile + ty, col, col}}, false), slotPart("tA", ty, tx), slotPart("tB", ty, tx)};
            break;
        }
        case ExerciseKind::BlockTiles: {
            const int bx = e.param("bx"), by = e.param("by"), p = e.param("p");
            e.parts = {cellsPart("A", {{by * tile, by * tile + last, p * tile, p * tile + last}}, true),
                       cellsPart("B", {{p * tile, p * tile + last, bx * tile, bx * tile + last}}, true)};
            break;
        }
        case ExerciseKind::ElementReaders: {
            const int i = e.param("i"), k = e.param("k");
            AnswerPart blocks;
            blocks.name = "blocks";
            blocks.form = PartForm::Blocks;
            for (int bx = 0; bx < e.blocks(); ++bx) blocks.cells.push_back({i / tile, i / tile, bx, bx});
            e.parts = {blocks, numberPart("phase", k / tile), numberPart("readers", n)};
            break;
        }
        case ExerciseKind::ResidentPhase: {
            const int k = e.param("k");
            e.parts = {numberPart("phase", k / tile), slotPart("tA", e.param("ty"), k % tile), slotPart("tB", k % tile, e.param("tx"))};
            break;
        }
        case ExerciseKind::GlobalReads: e.parts = {numberPart("naive", 2L * n), numberPart("tiled", 2L * n / tile)}; break;
        case ExerciseKind::BarrierOrder: {
            AnswerPart order;
            order.name = "order";
            order.form = PartForm::Order;
            order.order = phaseSteps();
            e.parts = {order};
            break;
        }
    }
    return e;
}

std::optional<ExerciseSet> generateSet(const std::string& name, uint32_t seed, int tile) {
    std::vector<ExerciseKind> kinds;
    if (name == "lesson2") kinds = {ExerciseKind::ThreadLoad, ExerciseKind::BlockTiles, ExerciseKind::ElementReaders};
    else if (name == "lesson3") kinds = {ExerciseKind::ResidentPhase, ExerciseKind::GlobalReads, ExerciseKind::BarrierOrder};
    else return std::nullopt;
    ExerciseSet set{name, seed, tile, {}};
    Mulberry32 rng(seed);
    for (ExerciseKind kind : kinds) set.exercises.push_back(drawExercise(kind, rng, tile));
    return set;
}

std::string trainerCourseVersion(int tile) {
    // The generator's rules are named by the spec's revision; a change to them changes this text.
    return contentHash("tile-map trainer, spec 1; tile " + std::to_string(tile) +
                       "; lesson2: thread_load block_tiles element_readers; lesson3: resident_phase global_reads barrier_order")
        .substr(0, 12);
}

}  // namespace grader
