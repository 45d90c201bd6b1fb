// The record of a student's wrong tries, kept by `grader quiz` beside the
// answers file (quiz_answers.yaml -> quiz_answers.tries.yaml): for each
// question, the different wrong answers given so far, in one form however
// written (64.0 and 64 are one try; [c, a, d, b] is "cadb"). While a
// question has had fewer than course.yaml's reveal_after_tries of them
// (default 3; 0: never), a wrong answer is shown with the lesson's hint;
// from then on with the worked answer. Rerunning with the same wrong answer,
// or with an answer in an unusable form, is no new try.
// The record is the student's own file: editing it shows the worked answers
// early, as the same number of real wrong tries would (CONTRACT.md, "Sealed
// quiz answers"). Non-goal: counting runs.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/course.h"
#include "core/error.h"
#include "quiz/answers.h"

namespace grader {

/// Tries before the worked answer is shown, where course.yaml does not say.
constexpr int kDefaultRevealAfterTries = 3;

/// The different wrong answers tried, per question id.
struct TriesRecord {
    std::map<std::string, std::vector<std::string>> wrong;  ///< question id -> answer keys, oldest first

    /// Different wrong answers recorded for question `id`.
    int count(const std::string& id) const;
    /// Whether `key` is recorded for question `id`.
    bool has(const std::string& id, const std::string& key) const;
    /// Records `key` for `id` unless it is there; true when it was new.
    bool add(const std::string& id, const std::string& key);
};

/// Where the record of `answersFile` lives: quiz_answers.yaml -> quiz_answers.tries.yaml.
std::filesystem::path triesPath(const std::filesystem::path& answersFile);

/// Parses a record's text; `displayName` is used in error locations.
Expected<TriesRecord> parseTries(const std::string& text, const std::string& displayName);

/// Reads the record at `path`; an absent file is an empty record.
Expected<TriesRecord> loadTries(const std::filesystem::path& path, const std::string& displayName);

/// The record as the file's text, with a comment saying what it is.
std::string formatTries(const TriesRecord& record);

/// Adds every wrong answer of `result` to `record`; true when the record changed.
bool recordWrongAnswers(TriesRecord& record, const QuizResult& result);

/// Sets each wrong answer's tries (the recorded ones and this one) and, from `revealAfter` tries on,
/// its worked answer (where the quiz has one to reveal: sealed.h).
void applyTries(QuizResult& result, const TriesRecord& record, int revealAfter);

/// course.yaml's reveal_after_tries of the lesson's quiz check, else kDefaultRevealAfterTries.
int revealAfterTries(const Lesson& lesson);

}  // namespace grader
