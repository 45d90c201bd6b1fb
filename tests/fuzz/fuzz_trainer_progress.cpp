// Fuzz target: the tile-map trainer's progress file (grader/trainer/progress.h),
// trainer_progress.yaml, which a student hands in beside their lesson files.
// Each input is read for the kit's course version (an input may name
// another), and every record of a set the trainer knows is checked as the
// trainer check does: its exercises drawn again from the recorded seed and
// each recorded answer read, judged and explained. Beyond "no crash": a file read
// without error reads back the same once the grader writes it again.
// Non-goal: the exercises' arithmetic (the trainer's unit tests and the page's agreement test hold that).
#include <cstdint>

#include "fuzz_support.h"
#include "trainer/progress.h"
#include "trainer/trainer_text.h"

using namespace grader;

namespace {

bool sameRecords(const TrainerProgress& a, const TrainerProgress& b) {
    if (a.records.size() != b.records.size()) return false;
    for (size_t i = 0; i < a.records.size(); ++i) {
        const SetRecord &x = a.records[i], &y = b.records[i];
        if (x.set != y.set || x.seed != y.seed || x.exercises.size() != y.exercises.size()) return false;
        for (size_t k = 0; k < x.exercises.size(); ++k)
            if (x.exercises[k].kind != y.exercises[k].kind || x.exercises[k].answers != y.exercises[k].answers) return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string version = trainerCourseVersion(kKitTile);
    const LoadedProgress loaded = parseProgress(fuzz::text(data, size), "trainer_progress.yaml", version);
    if (loaded.problem == ProgressProblem::Corrupt) {
        fuzz::require(!loaded.error.message.empty(), "a corrupt file without a reason");
        return 0;
    }
    for (const SetRecord& record : loaded.progress.records) {
        const auto set = generateSet(record.set, record.seed, kKitTile);
        if (!set) continue;
        for (size_t i = 0; i < set->exercises.size(); ++i) {
            const Exercise& exercise = set->exercises[i];
            const auto results = checkRecorded(exercise, recordedFor(&record, i, exercise));
            fuzz::require(results.size() == exercise.parts.size(), "a part without a verdict");
            (void)allRight(results);
            for (const auto& result : results) (void)partResultText(exercise, result, Language::English, false);
        }
    }
    const std::string written = formatProgress(loaded.progress);
    const LoadedProgress again = parseProgress(written, "trainer_progress.yaml", loaded.progress.courseVersion);
    fuzz::require(again.problem == ProgressProblem::None, "the progress the grader writes does not read back: " + again.error.format() + "\n" + written);
    fuzz::require(sameRecords(again.progress, loaded.progress), "the progress the grader writes reads back otherwise:\n" + written);
    return 0;
}
