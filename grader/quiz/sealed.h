// Sealed quiz answers: how the student kit checks answers it does not hold.
// `grader export-student` writes each lesson's quiz.yaml with, instead of a
// question's answer, tolerance and explanation, a `sealed:` entry:
//   - a salt of its own (16 bytes, drawn from the instructor's quiz text, so
//     the same quiz exports the same bytes) and PBKDF2's iteration count;
//   - a lock per right answer's normal form (normal_form.h; a numeric
//     question has one per value its tolerance accepts at its precision):
//     from D = PBKDF2-HMAC-SHA-256(normal form, salt), `check` is
//     HMAC(D, "check") and `key` the explanation's key XOR HMAC(D, "key");
//   - the explanation, English and Russian, sealed with AES-256-GCM under
//     that key, so only a right answer opens it;
//   - where course.yaml's reveal_after_tries is above 0, `reveal`: the key
//     XOR HMAC(salt, "reveal"), which `grader quiz` uses to show the worked
//     answer after that many wrong tries.
// A student's answer is put in normal form, derived, and compared with the
// checks; a match is right and opens the explanation. The instructor's kit
// keeps the plain quiz.yaml, and every function here decides a plain
// question by comparing, so both kits give the same verdicts.
// What this protects against, and what not: CONTRACT.md, "Sealed quiz
// answers". Non-goals: secrecy from someone with the instructor's kit;
// slowing a search of a small choice or order space.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "quiz/quiz.h"

namespace grader {

/// PBKDF2's iterations per answer checked: milliseconds for one answer, hours for a search of a million numbers.
constexpr unsigned kSealIterations = 20000;

/// Whether `normalForm` is a right answer to `q` (plain: compared; sealed: derived and matched).
bool isRightAnswer(const Question& q, const std::string& normalForm);

/// The worked answer when `normalForm` is a right answer to `q`, else nullopt.
std::optional<Bilingual> explanationFor(const Question& q, const std::string& normalForm);

/// The worked answer `grader quiz` shows after enough wrong tries; nullopt for a sealed question
/// exported without it (reveal_after_tries 0).
std::optional<Bilingual> revealedExplanation(const Question& q);

/// `quiz` with every question sealed under `secret` (bytes only the instructor's kit can make:
/// kit_export hashes the quiz.yaml text); `revealable` keeps the key for revealing after tries.
Expected<Quiz> sealQuiz(const Quiz& quiz, std::string_view secret, bool revealable);

/// `quiz` (read from `quizText`, the instructor's quiz.yaml) sealed as `grader export-student` seals
/// it for the student kit: the secret is the text's SHA-256, so the same quiz gives the same bytes.
Expected<Quiz> studentKitQuiz(const Quiz& quiz, const std::string& quizText, bool revealable);

/// The quiz.yaml text of a sealed quiz, which parseQuiz reads back; a plain question is an Error.
Expected<std::string> sealedQuizYaml(const Quiz& quiz);

}  // namespace grader
