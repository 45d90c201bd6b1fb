// The trainer's progress file (see progress.h).
#include "trainer/progress.h"

#include "core/escape.h"

namespace grader {

std::filesystem::path defaultProgressPath(const Course& course, const Lesson& lesson) {
    return course.root / "starter" / lesson.folder / kTrainerProgressFile;
}

const SetRecord* TrainerProgress::find(const std::string& set, uint32_t seed) const {
    for (const auto& r : records)
        if (r.set == set && r.seed == seed) return &r;
    return nullptr;
}

SetRecord& TrainerProgress::at(const std::string& set, uint32_t seed) {
    for (auto& r : records)
        if (r.set == set && r.seed == seed) return r;
    records.push_back({set, seed, {}});
    return records.back();
}

LoadedProgress corruptProgress(const std::string& where, const std::string& message) {
    LoadedProgress loaded;
    loaded.problem = ProgressProblem::Corrupt;
    loaded.error = {where, message, ""};
    return loaded;
}

LoadedProgress versionChecked(LoadedProgress loaded, const std::string& displayName, const std::string& courseVersion) {
    if (loaded.problem == ProgressProblem::None && loaded.progress.courseVersion != courseVersion) {
        loaded.problem = ProgressProblem::OtherVersion;
        loaded.error = {displayName, "written for another version of the course (" + loaded.progress.courseVersion + ", now " + courseVersion + ")",
                        ""};
    }
    return loaded;
}

std::string formatProgress(const TrainerProgress& progress) {
    std::string text =
        "# Written by `grader trainer`: the last answers you typed to each exercise of the\n"
        "# tile-map trainer, per set and seed. The trainer and the `trainer` check draw the\n"
        "# exercises again and check these answers. Delete this file to start over.\n"
        "course_version: " + yamlScalar(progress.courseVersion) + "\nrecords:\n";
    for (const auto& r : progress.records) {
        text += "  - set: " + yamlScalar(r.set) + "\n    seed: " + std::to_string(r.seed) + "\n    exercises:\n";
        for (const auto& x : r.exercises) {
            std::string answers;
            for (const auto& [part, answer] : x.answers) answers += (answers.empty() ? "" : ", ") + part + ": " + yamlQuoted(answer);
            text += "      - kind: " + yamlScalar(x.kind) + "\n        answers: {" + answers + "}\n";
        }
    }
    return text;
}

std::vector<PartResult> checkRecorded(const Exercise& exercise, const RecordedExercise* recorded) {
    std::vector<PartResult> results;
    for (const auto& part : exercise.parts) {
        const auto it = recorded ? recorded->answers.find(part.name) : std::map<std::string, std::string>::const_iterator{};
        if (!recorded || it == recorded->answers.end()) {
            results.push_back(unansweredPart(part));
            continue;
        }
        const ReadAnswer read = readAnswer(exercise, part, it->second, Language::English);
        results.push_back(read.problem.empty() ? checkPart(exercise, part, read, it->second) : unansweredPart(part));
    }
    return results;
}

bool allRight(const std::vector<PartResult>& results) {
    for (const auto& r : results)
        if (r.verdict != PartVerdict::Right) return false;
    return true;
}

const RecordedExercise* recordedFor(const SetRecord* record, size_t index, const Exercise& exercise) {
    if (!record || index >= record->exercises.size() || record->exercises[index].kind != kindName(exercise.kind)) return nullptr;
    return &record->exercises[index];
}

}  // namespace grader
