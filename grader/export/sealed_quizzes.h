// The student kit's quizzes: `grader export-student` writes each
// lessons/NN-name/quiz.yaml sealed (quiz/sealed.h), so the kit checks
// answers without holding them or their worked answers. The secret each is
// sealed under is the SHA-256 of the instructor's quiz.yaml text, which the
// student kit never holds: the same quiz exports the same bytes, and an edit
// to it changes every salt. A quiz is revealable (its worked answers shown
// after wrong tries) when course.yaml's lesson of that folder has a quiz
// check with reveal_after_tries above 0.
// Non-goal: the instructor's kit, which keeps the plain quiz.yaml.
#pragma once

#include <string>

#include "core/course.h"
#include "core/error.h"

namespace grader {

/// The student kit's text of the instructor's quiz.yaml `text`, at `relative`
/// (lessons/NN-name/quiz.yaml, for messages and to find its lesson).
Expected<std::string> studentQuizYaml(const Course& course, const std::string& relative, const std::string& text);

}  // namespace grader
