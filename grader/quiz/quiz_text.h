// What a student reads about their quiz: the full report of `grader quiz`
// (every question with its verdict; for a wrong answer the question, the
// answer given and the lesson's hint, or its worked answer once revealed;
// for an unanswered or unusable one the question, its choices and the form
// an answer takes), in English or Russian, with colour on a terminal; and
// the one-paragraph message of the `quiz` check.
// Non-goal: grading (answers.h), counting tries (tries.h) or reading files.
#pragma once

#include <string>

#include "core/text_wrap.h"
#include "quiz/answers.h"
#include "quiz/quiz.h"
#include "quiz/tries.h"

namespace grader {

/// How `grader quiz` lays out its report.
struct ReportOptions {
    Language language = Language::English;
    bool colour = false;
    bool explain = false;                         ///< the worked answer under each right answer too
    int revealAfter = kDefaultRevealAfterTries;   ///< tries before a worked answer is shown; 0: never
    std::string explainCommand;                   ///< the command that adds the worked answers ("": none)
};

/// The report `grader quiz` prints for `result`; `answersFile` as the student named it.
std::string formatQuizReport(const Quiz& quiz, const QuizResult& result, const std::string& answersFile,
                             const ReportOptions& options);

/// The form an answer to `q` takes, as one sentence: "Answer with one number, like 256."
std::string answerForm(const Question& q, Language language);

/// The quiz check's message: the count, the first wrong answer with its hint (or worked answer,
/// once revealed), what is unusable or unanswered, and `detailsCommand` (the `grader quiz` command).
std::string quizCheckMessage(const QuizResult& result, const std::string& answersFile, const std::string& detailsCommand);


}  // namespace grader
