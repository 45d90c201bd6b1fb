// `grader quiz LESSON ANSWERS [--lang en|ru]`: grades a student's answers
// file against the lesson's quiz and prints every question's verdict, with
// the lesson's explanation for each wrong answer.
// Exit 0: every answer right; 1: a wrong or missing answer, or an answers
// file that cannot be read; 2: bad arguments or a broken quiz.yaml.
// Non-goal: editing the answers file for the student.
#pragma once

#include <ostream>
#include <string>

#include "core/course.h"

namespace grader {

/// What `grader quiz` was asked.
struct QuizCommand {
    std::string lesson;
    std::string answers;      ///< the answers file, as the student named it
    std::string language = "en";
    bool colour = false;
};

/// Runs `grader quiz`; prints the report on `out`, problems once on `err`; returns the exit code.
int runQuizCommand(const Course& course, const QuizCommand& command, std::ostream& out, std::ostream& err);

}  // namespace grader
