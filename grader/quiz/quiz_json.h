// A sealed quiz, a student's answers and their record of tries as JSON: the
// forms the browser edition holds them in. The native grader writes each
// lesson's sealed quiz with `grader quiz LESSON --sealed-json` at the web
// build (quiz.yaml stays the one source); the page keeps the answers and
// tries in browser storage; the browser's judge, which cannot link
// yaml-cpp, reads all three back into the structs quiz.yaml, quiz_answers.yaml
// and quiz_answers.tries.yaml give natively, so the same grading code runs.
//   quiz:    {"lesson", "questions": [{"id", "kind", "text": {"en", "ru"}, "hint": {...},
//             "precision_exponent" (numeric), "options": [{"key", "text": {...}}] (choice, order),
//             "sealed": {"salt", "iterations", "locks": [[check, key]], "explanation", "reveal"}}]}
//             (bytes in hex; "reveal" "" when there is none)
//   answers: {"lesson", "answers": {"ID": "text" | ["c", "a", "b"] | null}}
//   tries:   {"ID": ["wrong answer's normal form", ...]}
// Non-goals: plain (unsealed) questions, which would put the answers in the
// page; validating the quiz again (the native grader read it).
#pragma once

#include <string>

#include "core/error.h"
#include "quiz/answers.h"
#include "quiz/quiz.h"
#include "quiz/tries.h"

namespace grader {

/// A sealed quiz as JSON; an Error for a plain question.
Expected<std::string> sealedQuizJson(const Quiz& quiz);

/// The sealed quiz of sealedQuizJson's text.
Expected<Quiz> quizFromJson(const std::string& text);

/// The answers of `quiz` in the page's JSON, as parseAnswers gives them for the same file (an unknown
/// question id, or answers for another lesson, is an Error).
Expected<Answers> answersFromJson(const std::string& text, const Quiz& quiz);

/// A record of tries in the page's JSON.
Expected<TriesRecord> triesFromJson(const std::string& text);

/// `record` as the page keeps it.
std::string triesJson(const TriesRecord& record);

}  // namespace grader
