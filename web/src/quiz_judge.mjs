// The Quiz panel's grading: judge.wasm's `judge quiz` (web/judge/browser_quiz.h)
// gives the report `grader quiz LESSON ANSWERS [--lang ru]` prints, the record
// of tries with this try's wrong answers, and the answers file and its record
// in `grader quiz`'s forms. Works in the page and in node alike.
// Non-goals: keeping anything (the panel stores the answers and tries); Check's report (judge.mjs).
import { File } from '@bjorn3/browser_wasi_shim';
import { quizInputs, runJudgeWithoutRuns } from './judge.mjs';

const encoder = new TextEncoder();

/// The page's answers as the judge reads them: {lesson, answers: {id: text | [keys] | null}}.
export function answersJson(lesson, answers) {
  return JSON.stringify({ lesson, answers });
}

/// Grades `answers` ({id: text | [keys]}) to the sealed quiz `quizJson` (its text) with the record `tries`
/// ({id: [normal forms]}) as `grader quiz LESSON ANSWERS_FILE` does. judgeModule: the compiled judge.wasm;
/// courseJson: `grader list --json`'s text; lang: 'en' or 'ru'.
/// Resolves with {status (grader quiz's exit status; 3: the judge's trouble), report, tries (the record after this try),
/// answersYaml, triesYaml (the files to hand in), log, ms}.
export async function judgeQuiz({ judgeModule, courseJson, lesson, quizJson, answers, tries = {}, answersFile, lang = 'en' }) {
  const t0 = performance.now();
  const inputs = [['course.json', new File(encoder.encode(courseJson))],
                  ...quizInputs({ quiz: quizJson, answers: answersJson(lesson, answers), tries: JSON.stringify(tries) })];
  const r = await runJudgeWithoutRuns(judgeModule, ['judge', 'quiz', lesson, answersFile, lang], inputs);
  if (r.trapped) return { status: 3, report: '', tries, answersYaml: '', triesYaml: '', log: r.log, ms: performance.now() - t0 };
  return { status: r.status, report: r.file('quiz_report.txt'), tries: r.status === 3 ? tries : JSON.parse(r.file('quiz_tries.json') || '{}'),
           answersYaml: r.file('quiz_answers.yaml'), triesYaml: r.file('quiz_answers.tries.yaml'), log: r.log, ms: performance.now() - t0 };
}
