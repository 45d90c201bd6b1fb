// What a student reads about their quiz: the full report of `grader quiz`
// (every question with its verdict; for a wrong answer the question, the
// answer given and the lesson's explanation; for an unanswered one the
// question and its choices), in English or Russian, with colour on a
// terminal; and the one-paragraph message of the `quiz` check.
// Non-goal: grading (answers.h) or reading files.
#pragma once

#include <string>

#include "quiz/answers.h"
#include "quiz/quiz.h"

namespace grader {

/// The report `grader quiz` prints for `result`; `answersFile` as the student named it.
std::string formatQuizReport(const Quiz& quiz, const QuizResult& result, const std::string& answersFile, Language language,
                             bool colour);

/// The quiz check's message: the count, the first wrong answer with its explanation, what is
/// left unanswered, and `detailsCommand` (the `grader quiz` command that shows everything).
std::string quizCheckMessage(const QuizResult& result, const std::string& answersFile, const std::string& detailsCommand);

/// Wraps `text` to `width` columns (UTF-8 aware), each line after the first indented by `indent` spaces.
std::string wrapText(const std::string& text, size_t width, size_t indent);

}  // namespace grader
