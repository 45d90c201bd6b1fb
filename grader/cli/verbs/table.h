// The verbs, one function per file of cli/verbs/, each giving its row of the
// verb table (verb.h). cli/student_verbs.cpp and cli/instructor_verbs.cpp
// put the rows in order.
// Non-goal: the table's order or the command line (cli.cpp).
#pragma once

#include "cli/verb.h"

namespace grader {

/// `grader check LESSON FILE` (check.cpp).
VerbEntry checkVerb();
/// `grader list [--json]` (list.cpp).
VerbEntry listVerb();
/// `grader ctest-tests --output FILE` (ctest_tests.cpp).
VerbEntry ctestTestsVerb();
/// `grader quiz LESSON ANSWERS` (quiz.cpp).
VerbEntry quizVerb();
/// `grader tilemap LESSON FILE` (tilemap.cpp).
VerbEntry tilemapVerb();
/// `grader trainer SET` (trainer.cpp).
VerbEntry trainerVerb();
/// `grader batch SUBMISSIONS --out DIR` (batch.cpp); instructor's kit only.
VerbEntry batchVerb();
/// `grader export-student OUT` (export_student.cpp); instructor's kit only.
VerbEntry exportStudentVerb();
/// `grader export-gradescope ZIP` (gradescope.cpp); instructor's kit only.
VerbEntry exportGradescopeVerb();
/// `grader gradescope-results FOLDER --out FILE` (gradescope.cpp); instructor's kit only.
VerbEntry gradescopeResultsVerb();

}  // namespace grader
