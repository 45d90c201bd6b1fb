// `grader quiz LESSON ANSWERS [--lang en|ru] [--explain]`: grades a
// student's answers file against the lesson's quiz and prints every
// question's verdict: for a wrong answer the lesson's hint, or its worked
// answer after enough different wrong tries (recorded beside the answers
// file, see tries.h); for an answer in an unusable form the form expected.
// `grader quiz LESSON --blank FILE` writes a blank answers file instead;
// `grader quiz LESSON --sealed-json` prints the lesson's quiz sealed as the
// student kit holds it, as JSON (quiz_json.h), for the browser edition.
// Exit 0: every answer right (or the blank file written); 1: a wrong,
// unusable or missing answer, or an answers file (or its record of tries)
// that cannot be read; 2: bad arguments, a missing file, a broken quiz.yaml,
// or --blank refused.
// Non-goal: editing the student's answers file.
#pragma once

#include <ostream>
#include <string>

#include "cli/verb.h"
#include "core/course.h"

namespace grader {

/// What `grader quiz` was asked.
struct QuizCommand {
    std::string lesson;
    std::string answers;  ///< the answers file, as the student named it ("" with --blank)
    std::string blank;    ///< --blank FILE: write a blank answers file there
    std::string language = "en";
    bool explain = false;  ///< --explain: also the worked answer under each right answer
    bool sealedJson = false;  ///< --sealed-json: print the sealed quiz as JSON instead
    bool colour = false;
};

/// Runs `grader quiz`; prints the report on `out`, problems once on `err`; returns the exit code.
ExitCode runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err);

}  // namespace grader
