// The blank answers file of a lesson's quiz, made from its quiz.yaml: every
// question id with an empty answer, each under its question (as a comment)
// and the form its answer takes. The starter's quiz_answers.yaml is exactly
// this text (a kit test says so), and `grader quiz LESSON --blank FILE`
// writes it again for a student who deleted theirs.
// The same text with answers filled in after their ids is the file the
// browser edition downloads, which `grader quiz` reads back to the same answers.
// Non-goals: Russian comments; overwriting a file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/course.h"
#include "core/error.h"
#include "quiz/answers.h"
#include "quiz/quiz.h"

namespace grader {

/// The blank answers file of `lesson`'s quiz.
std::string blankAnswers(const Quiz& quiz, const Lesson& lesson);

/// The blank answers file with each given answer of `answers` after its id (a list as [c, a, b]),
/// quoted where YAML would read it otherwise: parseAnswers reads it back to the same answers.
std::string answersFileText(const Quiz& quiz, const Lesson& lesson, const Answers& answers);

/// Writes the blank answers file to `path`; an Error when the file exists or cannot be written.
std::optional<Error> writeBlankAnswers(const Quiz& quiz, const Lesson& lesson, const std::filesystem::path& path);

}  // namespace grader
