// Differential test of the browser's quiz against the native grader: for
// each lesson whose quiz course.yaml grades, several answer sets (unanswered,
// all right, all wrong, unusable, mixed, oddly written, and wrong tries
// until the worked answers show, then right) go through the page's quiz
// code (quiz_judge.mjs and judge.mjs with judge.wasm, on the sealed quiz of
// `grader quiz LESSON --sealed-json`) and through the native grader on the
// files the page offers for download (its quiz_answers.yaml and
// quiz_answers.tries.yaml, in a folder of their own with the lesson's
// starter file). Compared exactly: `grader quiz`'s report and exit status
// with the panel's (English and Russian), the record of tries native
// `grader quiz` writes with the page's, and the quiz check of `grader check
// LESSON FILE --backend cpu --check quiz` (its JSON and its lines of the
// text report) with Check's. The printed grader command is the kit's
// ("grader ...") in the browser: the native one is made that first.
// Also: the sealed quiz holds none of the plain quiz's answers or worked answers.
// Usage: node spike/compare_quiz.mjs [LESSON...]   (after judge/build_judge.mjs) Env: GRADER (default build-kit/grader/grader).
// Exit 1 when anything differs.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parse } from 'yaml';
import { buildJson, judge } from '../src/judge.mjs';
import { answersJson, judgeQuiz } from '../src/quiz_judge.mjs';
import { checkLines, nativeGrader } from './native_grader.mjs';

const web = new URL('../', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;
const grader = process.env.GRADER || root + 'build-kit/grader/grader';
const courseJson = execFileSync(grader, ['list', '--json'], { cwd: root, encoding: 'utf8' });
const course = JSON.parse(courseJson);
const judgeModule = await WebAssembly.compile(readFileSync(web + 'judge/build/judge.wasm'));
const wanted = process.argv.slice(2);
const problems = [];
let compared = 0;
const t0 = performance.now();

/// The native grader's run in `dir`, on the kit's course.
const native = nativeGrader(grader).run;

/// The `k`th (from 0) different wrong answer to the plain question `q`.
function wrong(q, k) {
  if (q.kind === 'numeric') return String(q.answer * (k + 2) + (k + 1) * 1000 * (q.precision ?? 1));
  if (q.kind === 'choice') return Object.keys(q.choices).filter((c) => c !== q.answer)[k % (Object.keys(q.choices).length - 1)];
  const n = q.answer.length, seen = new Set([q.answer.join('')]), orders = [];
  for (let r = 1; r < n; r++) orders.push([...q.answer.slice(r), ...q.answer.slice(0, r)]);
  orders.push([...q.answer].reverse(), [q.answer[1], q.answer[0], ...q.answer.slice(2)]);
  return orders.filter((o) => !seen.has(o.join('')) && seen.add(o.join('')))[k];
}
const right = (q) => q.kind === 'numeric' ? String(q.answer) : q.answer;
const unusable = (q) => q.kind === 'numeric' ? 'two thousand' : q.kind === 'choice' ? 'z' : [q.answer[0], q.answer[0]];
/// An answer of the same meaning written as students do: "(B)", " 2048 ", or YAML's words ("null" for a number).
const oddly = (q, i) => q.kind === 'choice' ? `(${q.answer.toUpperCase()})` : q.kind === 'order' ? q.answer : i % 2 ? ` ${q.answer} ` : 'null';

/// Answer sets: [name, [[answers, lang] for each try in order]].
function answerSets(questions) {
  const all = (f) => Object.fromEntries(questions.map((q, i) => [q.id, f(q, i)]));
  const mixed = Object.fromEntries(questions.map((q, i) => [q.id, [right(q), wrong(q, 0), unusable(q), undefined][i % 4]]).filter(([, a]) => a !== undefined));
  return [
    ['unanswered', [[{}, 'en']]],
    ['right', [[all(right), 'en'], [all(right), 'ru']]],
    ['wrong', [[all((q) => wrong(q, 0)), 'ru']]],
    ['unusable', [[all(unusable), 'en']]],
    ['mixed', [[mixed, 'en'], [mixed, 'ru']]],
    ['oddly written', [[all(oddly), 'en']]],
    ['tries until revealed', [[all((q) => wrong(q, 0)), 'en'], [all((q) => wrong(q, 0)), 'en'], [all((q) => wrong(q, 1)), 'en'],
                              [all((q) => wrong(q, 2)), 'en'], [all((q) => wrong(q, 2)), 'ru'], [mixed, 'en'], [all(right), 'en']]],
  ];
}

const differ = (what, a, b) => {
  compared++;
  if (a !== b) problems.push(`${what}\n  native:  ${String(a).replace(/\n/g, '\n           ')}\n  browser: ${String(b).replace(/\n/g, '\n           ')}`);
};

for (const lesson of course.lessons) {
  if (!lesson.checks.some((c) => c.name === 'quiz') || (wanted.length && !wanted.includes(lesson.id))) continue;
  const plainText = readFileSync(`${root}lessons/${lesson.folder}/quiz.yaml`, 'utf8');
  const plain = parse(plainText);
  const quizJson = execFileSync(grader, ['quiz', lesson.id, '--sealed-json'], { cwd: root, encoding: 'utf8' });
  // A choice's letter is its option's key, shown by design; an order, a worked answer or an answer's key is not.
  for (const q of plain.questions)
    for (const secret of [q.explanation.en, q.explanation.ru, '"answer"', '"tolerance"', ...(q.kind === 'order' ? [JSON.stringify(q.answer)] : [])])
      if (quizJson.includes(secret)) problems.push(`${lesson.id}: the sealed quiz holds ${q.id}'s ${secret.slice(0, 40)}`);
  for (const [name, tries] of answerSets(plain.questions)) {
    const dir = mkdtempSync(tmpdir() + '/quiz-');
    copyFileSync(`${root}starter/${lesson.folder}/${lesson.student_file}`, `${dir}/${lesson.student_file}`);
    let record = {};
    for (const [step, [answers, lang]] of tries.entries()) {
      const what = `${lesson.id} ${name} (try ${step + 1}, ${lang})`;
      const page = await judgeQuiz({ judgeModule, courseJson, lesson: lesson.id, quizJson, answers, tries: record, answersFile: 'quiz_answers.yaml', lang });
      if (page.status === 3) { problems.push(`${what}: the judge failed: ${page.log}`); break; }
      writeFileSync(`${dir}/quiz_answers.yaml`, page.answersYaml);  // what Download answers gives
      const quiz = native(dir, ['quiz', lesson.id, 'quiz_answers.yaml', ...(lang === 'ru' ? ['--lang', 'ru'] : [])]);
      differ(`${what}: grader quiz's report`, quiz.out + quiz.err, page.report);
      differ(`${what}: grader quiz's exit status`, quiz.status, page.status);
      const nativeTries = existsSync(`${dir}/quiz_answers.tries.yaml`) ? readFileSync(`${dir}/quiz_answers.tries.yaml`, 'utf8') : null;
      if (nativeTries !== null) differ(`${what}: the record of tries`, nativeTries, page.triesYaml);
      record = page.tries;
      writeFileSync(`${dir}/quiz_answers.tries.yaml`, page.triesYaml);  // what Download tries gives
      const checkArgs = ['check', lesson.id, lesson.student_file, '--backend', 'cpu', '--check', 'quiz'];
      const nativeJson = JSON.parse(native(dir, [...checkArgs, '--json']).out);
      const nativeText = native(dir, checkArgs).out;
      const checked = judge({ judgeModule, child: null, courseJson, lesson: lesson.id, displayFile: lesson.student_file,
                              source: readFileSync(`${dir}/${lesson.student_file}`, 'utf8'), build: buildJson({ ok: false, stage: 'compile', log: '' }, lesson.student_file),
                              quiz: { quiz: quizJson, answers: answersJson(lesson.id, answers), tries: JSON.stringify(record) } });
      const quizOf = (report) => JSON.stringify(report?.checks?.find((c) => c.name === 'quiz') ?? null);
      differ(`${what}: grader check's quiz check (JSON)`, quizOf(nativeJson), quizOf(checked.json));
      differ(`${what}: grader check's quiz lines`, checkLines(nativeText, 'quiz'), checkLines(checked.text, 'quiz'));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(problems.length ? problems.join('\n\n') : '');
console.log(`${compared} comparisons, ${problems.length} differ (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(problems.length || !compared ? 1 : 0);
