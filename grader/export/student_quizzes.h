// What the student kit holds of each lesson's quiz, written by `grader
// export-student` from the instructor's lessons/NN-name/:
//   - quiz.yaml sealed (quiz/sealed.h), so the kit checks answers without
//     holding them or their worked answers. The secret it is sealed under is
//     the SHA-256 of the instructor's quiz.yaml text, which the student kit
//     never holds: the same quiz exports the same bytes, and an edit to it
//     changes every salt. It is revealable (its worked answers shown after
//     wrong tries) when course.yaml's lesson of that folder has a quiz check
//     with reveal_after_tries above 0;
//   - README.md and README.ru.md without the answers to their control
//     questions (each `<details><summary>Answer</summary>` block, whose
//     text the quiz's worked answers come from): in their place, under the
//     section's heading, a paragraph sends the student to the quiz. Only in
//     a lesson whose quiz course.yaml grades; elsewhere the text is kept.
// Non-goal: the instructor's kit, which keeps both files as they are.
#pragma once

#include <string>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// The student kit's text of the instructor's quiz.yaml `text`, at `relative`
/// (lessons/NN-name/quiz.yaml, for messages and to find its lesson).
Expected<std::string> studentQuizYaml(const Course& course, const std::string& relative, const std::string& text);

/// The student kit's text of a lesson text (lessons/NN-name/README.md or README.ru.md, `relative`).
/// An answer block that is never closed is an Error at its line.
Expected<std::string> studentLessonText(const Course& course, const std::string& relative, const std::string& text);

}  // namespace grader
