// The trainer's progress file, trainer_progress.yaml beside the lesson's
// quiz_answers.yaml: the course version the exercises were drawn for, and
// for each set and seed tried, the last answers typed to each exercise. What
// is right is never stored: it is found again by drawing the set and
// checking the recorded answers, so the `trainer` check and a rerun of
// `grader trainer` read the same facts.
//     course_version: 3f2a9c0d1e4b
//     records:
//       - set: lesson2
//         seed: 1
//         exercises:
//           - kind: thread_load
//             answers: {A: "37,3", B: "5,19", tA: "5,3", tB: "5,3"}
// A file that is not that shape, or that another course version wrote, is an
// Error saying which; `grader trainer` sets such a file aside, never over it.
// Non-goal: secrecy (every answer can be computed).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"
#include "trainer/answer_check.h"
#include "trainer/exercises.h"

namespace grader {

/// The answers recorded for one exercise, by part name.
struct RecordedExercise {
    std::string kind;
    std::map<std::string, std::string> answers;
};

/// The answers recorded for one set and seed.
struct SetRecord {
    std::string set;
    uint32_t seed = 0;
    std::vector<RecordedExercise> exercises;
};

/// A progress file's content.
struct TrainerProgress {
    std::string courseVersion;
    std::vector<SetRecord> records;

    /// The record of `set` and `seed`, or nullptr.
    const SetRecord* find(const std::string& set, uint32_t seed) const;
    /// The record of `set` and `seed`, added when absent.
    SetRecord& at(const std::string& set, uint32_t seed);
};

/// The file's name beside quiz_answers.yaml.
inline constexpr const char* kTrainerProgressFile = "trainer_progress.yaml";

/// Where `grader trainer` keeps the progress of `lesson` by default: starter/<folder>/trainer_progress.yaml.
std::filesystem::path defaultProgressPath(const Course& course, const Lesson& lesson);

/// Why a progress file cannot be used.
enum class ProgressProblem { None, Corrupt, OtherVersion };

/// A progress file as read: `problem` says why it is unusable, with `error` the message.
struct LoadedProgress {
    TrainerProgress progress;
    ProgressProblem problem = ProgressProblem::None;
    Error error;
};

/// A progress file that cannot be read as one: `message` at `where`.
LoadedProgress corruptProgress(const std::string& where, const std::string& message);

/// `loaded`, marked OtherVersion (with the message saying so) when another course version than `courseVersion` wrote it.
LoadedProgress versionChecked(LoadedProgress loaded, const std::string& displayName, const std::string& courseVersion);

/// Parses a progress file's text for the course version `courseVersion` (progress_reader.cpp: YAML).
LoadedProgress parseProgress(const std::string& text, const std::string& displayName, const std::string& courseVersion);

/// Reads the progress file at `path` (progress_reader.cpp); an absent file is empty progress for `courseVersion`.
LoadedProgress loadProgress(const std::filesystem::path& path, const std::string& displayName, const std::string& courseVersion);

/// The file's text, with a comment saying what it is.
std::string formatProgress(const TrainerProgress& progress);

/// Moves an unusable progress file aside to PATH.corrupt-YYYYmmdd-HHMMSS (or .other-version-...); the new name.
Expected<std::filesystem::path> setProgressAside(const std::filesystem::path& path, ProgressProblem problem);

/// Checks the recorded answers of exercise `index` of `set` against it: every part's verdict
/// (a part without a usable recorded answer is unanswered).
std::vector<PartResult> checkRecorded(const Exercise& exercise, const RecordedExercise* recorded);

/// Whether every part of `results` is right.
bool allRight(const std::vector<PartResult>& results);

/// The recorded exercise `index` of `record` when it is of the exercise's kind, else nullptr.
const RecordedExercise* recordedFor(const SetRecord* record, size_t index, const Exercise& exercise);

}  // namespace grader
