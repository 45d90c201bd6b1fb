// The quiz in the browser's judge: the quiz check of Check's report, graded
// from the page's stored answers (checkQuiz, browser_quiz.cpp), and the Quiz
// panel's "Check answers" (judgeQuiz), both with the grader's own code
// (quiz/, checks/quiz_result.cpp) on the sealed quiz the native grader wrote
// as JSON (`grader quiz LESSON --sealed-json`).
// Non-goal: reading YAML (the judge has no yaml-cpp: the answers and tries
// come as JSON, quiz/quiz_json.h).
#pragma once

namespace grader {

/// `judge quiz LESSON ANSWERS_FILE [en|ru]`: what `grader quiz LESSON ANSWERS_FILE [--lang ru]` prints and records.
///   in:  /in/course.json, /in/quiz.json (the sealed quiz), /in/quiz_answers.json (the page's answers),
///        /in/quiz_tries.json (the page's record of tries; absent: none)
///   out: /out/quiz_report.txt (the report), /out/quiz_tries.json (the record with this try's wrong answers),
///        /out/quiz_answers.yaml and /out/quiz_answers.tries.yaml (the files to hand in, in grader quiz's forms)
/// Returns grader quiz's exit status: 0 every answer right, 1 not yet; 3 when the inputs are not the page's.
int judgeQuiz(int argc, char** argv);

}  // namespace grader
