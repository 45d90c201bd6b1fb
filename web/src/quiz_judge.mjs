// The Quiz panel's grading: judge.wasm's `judge quiz` (web/judge/browser_quiz.h)
// gives the report `grader quiz LESSON ANSWERS [--lang ru]` prints, the record
// of tries with this try's wrong answers, and the answers file and its record
// in `grader quiz`'s forms. Works in the page and in node alike.
// Non-goals: keeping anything (the panel stores the answers and tries); Check's report (judge.mjs).
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim';
import { cryptoImports } from './judge_crypto.mjs';
import { quizInputs } from './judge.mjs';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

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
  const out = new PreopenDirectory('/out', new Map());
  const input = new PreopenDirectory('/in', new Map([
    ['course.json', new File(encoder.encode(courseJson))],
    ...quizInputs({ quiz: quizJson, answers: answersJson(lesson, answers), tries: JSON.stringify(tries) }),
  ]));
  let log = '';
  const fds = [new OpenFile(new File([])), ConsoleStdout.lineBuffered((l) => { log += l + '\n'; }),
               ConsoleStdout.lineBuffered((l) => { log += l + '\n'; }), input, out];
  const wasi = new WASI(['judge', 'quiz', lesson, answersFile, lang], [], fds, { debug: false });
  let instance;
  const noRuns = () => { throw new Error('the quiz runs nothing'); };
  // Instantiated asynchronously: a browser may refuse a synchronous instantiation on the page's own thread.
  instance = await WebAssembly.instantiate(judgeModule, { wasi_snapshot_preview1: wasi.wasiImport,
                                                     grader: { run_child: noRuns, ...cryptoImports(() => instance.exports.memory) } });
  let status;
  try {
    status = wasi.start(instance);
  } catch (e) {
    return { status: 3, report: '', tries, answersYaml: '', triesYaml: '', log: log + `judge trapped: ${e.message}\n`, ms: performance.now() - t0 };
  }
  const file = (name) => { const f = out.dir.contents.get(name); return f ? decoder.decode(f.data) : ''; };
  return { status, report: file('quiz_report.txt'), tries: status === 3 ? tries : JSON.parse(file('quiz_tries.json') || '{}'),
           answersYaml: file('quiz_answers.yaml'), triesYaml: file('quiz_answers.tries.yaml'), log, ms: performance.now() - t0 };
}
