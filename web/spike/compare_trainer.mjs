// Differential test of the browser's trainer check against the native
// grader: for lessons 2 and 3, answers to the tile-map trainer's exercises
// (right, wrong, a set half done, a right exercise checked again wrongly,
// two seeds, progress of another course version, none; each with what its
// verdict must say) go through the page's
// code as the trainer page posts them (trainer_progress.mjs's recordAnswers,
// then judge.mjs with judge.wasm: Check's trainer check) and through the
// native grader on the file the page offers for download
// (trainer_progress.mjs's progressYaml, `judge trainer-progress`) beside the
// lesson's starter file. Compared exactly: the trainer check of `grader check
// LESSON FILE --backend cpu --check trainer` (its JSON and its lines of the
// text report) with Check's; and `grader trainer LESSON --seed S --progress
// trainer_progress.yaml`, given no input, must find the same exercises done
// (its summary line and exit status) and leave the file as it was.
// The right answers come from `grader trainer LESSON --seed S --json`, written
// as the terminal takes them.
// Usage: node spike/compare_trainer.mjs   (after judge/build_judge.mjs) Env: GRADER (default build-kit/grader/grader).
// Exit 1 when anything differs.
// Non-goal: the trainer page's clicks (tests/web/trainer_in_browser.py drives them).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildJson, judge } from '../src/judge.mjs';
import { progressYaml, recordAnswers } from '../src/trainer_progress.mjs';
import { checkLines, nativeGrader } from './native_grader.mjs';

const web = new URL('../', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;
const grader = process.env.GRADER || root + 'build-kit/grader/grader';
const native = nativeGrader(grader).run;
const courseJson = execFileSync(grader, ['list', '--json'], { cwd: root, encoding: 'utf8' });
const course = JSON.parse(courseJson);
const judgeModule = await WebAssembly.compile(readFileSync(web + 'judge/build/judge.wasm'));
const problems = [];
let compared = 0;
const t0 = performance.now();

/// The exercises of `set` for `seed`, as `grader trainer SET --seed S --json` gives them.
const exercisesOf = (set, seed) => JSON.parse(execFileSync(grader, ['trainer', set, '--seed', String(seed), '--json'], { cwd: root, encoding: 'utf8' }));

/// The course version the trainer page carries (its configuration's `course`).
function trainerCourseVersion() {
  const dir = mkdtempSync(tmpdir() + '/trainer-page-');
  execFileSync(grader, ['trainer', '--html', `${dir}/trainer.html`], { cwd: root });
  const found = /"course":"([^"]+)"/.exec(readFileSync(`${dir}/trainer.html`, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  if (!found) throw new Error('the trainer page names no course version');
  return found[1];
}

/// The right answers of exercise `e`, part by part, as typed on the terminal.
function rightAnswers(e) {
  const cell = ([a, b]) => `${a},${b}`, range = ([r0, r1, c0, c1]) => `${r0}..${r1},${c0}..${c1}`;
  const out = {};
  for (const [part, value] of Object.entries(e.answer)) {
    if (part === 'order') out[part] = value.map((id) => e.params.shown.indexOf(id) + 1).join(' ');
    else if (part === 'blocks') out[part] = value.map(cell).join('; ');
    else if (typeof value === 'number') out[part] = String(value);
    else if (part === 'tA' || part === 'tB') out[part] = cell(value);
    else out[part] = value.map((v) => (v.length === 4 ? range(v) : cell(v))).join('; ');
  }
  return out;
}

/// The answers of `e` with part `part` made wrong (still in its form).
function wrongAnswers(e, part = Object.keys(e.answer)[0]) {
  const answers = rightAnswers(e), right = answers[part];
  answers[part] = part === 'order' ? (right === '1 2 3 4 5' ? '5 4 3 2 1' : '1 2 3 4 5')
    : /^\d+$/.test(right) ? String(Number(right) + 1) : right === '1,1' ? '0,0' : '1,1';
  return answers;
}

/// The trainer page's message for exercise `index` of `exercises` answered `answers` (right: whether they are).
const message = (exercises, index, answers, right, wasRight = false, course_ = undefined) => ({
  type: 'grader-trainer-answers', course: course_ ?? version, set: exercises.set, seed: exercises.seed, index,
  kinds: exercises.exercises.map((x) => x.kind), answers, right, wasRight });
let version = null;  // the course version the trainer page carries (the judge knows its own)

const differ = (what, a, b) => {
  compared++;
  if (a !== b) problems.push(`${what}\n  native:  ${String(a).replace(/\n/g, '\n           ')}\n  browser: ${String(b).replace(/\n/g, '\n           ')}`);
};

for (const lesson of course.lessons) {
  if (!lesson.checks.some((c) => c.name === 'trainer')) continue;
  const [one, seven] = [exercisesOf(lesson.id, 1), exercisesOf(lesson.id, 7)];
  version ??= trainerCourseVersion();
  const all = (x, seedRight = () => true) => x.exercises.map((e, i) => message(x, i, seedRight(i) ? rightAnswers(e) : wrongAnswers(e), seedRight(i)));
  // [name, the trainer page's messages, what Check's trainer message must say]
  const scenarios = [
    ['none', [], 'no trainer progress: trainer_progress.yaml is missing.'],
    ['all right (seed 1)', all(one), '3/3 trainer exercises right (seed 1).'],
    ['one wrong (seed 7)', all(seven, (i) => i !== 1), `2/3 trainer exercises right (seed 7); not yet right: ${seven.exercises[1].kind}.`],
    ['half done (seed 1)', all(one).slice(0, 1), '1/3 trainer exercises right (seed 1)'],
    ['third done first (seed 7)', [message(seven, 2, rightAnswers(seven.exercises[2]), true)], '1/3 trainer exercises right (seed 7)'],
    ['right, then checked again wrongly', [...all(one), message(one, 0, wrongAnswers(one.exercises[0]), false, true)],
     '3/3 trainer exercises right (seed 1).'],
    ['wrong, then right', [message(one, 0, wrongAnswers(one.exercises[0], 'B'), false), ...all(one)], '3/3 trainer exercises right (seed 1).'],
    ['two seeds, the second all right', [...all(one, (i) => i === 0), ...all(seven)], '3/3 trainer exercises right (seed 7).'],
    ['another version first', [{ ...all(seven)[0], course: 'old-version' }, ...all(one).slice(1)], '2/3 trainer exercises right (seed 1)'],
    ['another version only', [{ ...all(seven)[0], course: 'old-version' }], 'written for another version of the course (old-version, now'],
  ];
  for (const [name, messages, says] of scenarios) {
    const what = `${lesson.id} ${name}`;
    const progress = messages.reduce((p, m) => recordAnswers(p, m), null);
    const dir = mkdtempSync(tmpdir() + '/trainer-');
    copyFileSync(`${root}starter/${lesson.folder}/${lesson.student_file}`, `${dir}/${lesson.student_file}`);
    if (progress) {
      const page = await progressYaml(judgeModule, progress);
      if (page.status !== 0) { problems.push(`${what}: judge trainer-progress failed: ${page.log}`); continue; }
      writeFileSync(`${dir}/trainer_progress.yaml`, page.yaml);  // what Download trainer progress gives
    }
    const checkArgs = ['check', lesson.id, lesson.student_file, '--backend', 'cpu', '--check', 'trainer'];
    const nativeJson = JSON.parse(native(dir, [...checkArgs, '--json']).out);
    const nativeText = native(dir, checkArgs).out;
    const checked = judge({ judgeModule, child: null, courseJson, lesson: lesson.id, displayFile: lesson.student_file,
                            source: readFileSync(`${dir}/${lesson.student_file}`, 'utf8'),
                            build: buildJson({ ok: false, stage: 'compile', log: '' }, lesson.student_file),
                            trainer: progress ? JSON.stringify(progress) : null });
    const trainerOf = (report) => JSON.stringify(report?.checks?.find((c) => c.name === 'trainer') ?? null);
    differ(`${what}: grader check's trainer check (JSON)`, trainerOf(nativeJson), trainerOf(checked.json));
    differ(`${what}: grader check's trainer lines`, checkLines(nativeText, 'trainer'), checkLines(checked.text, 'trainer'));
    const said = checked.json?.checks?.find((c) => c.name === 'trainer')?.message ?? '';
    differ(`${what}: Check's trainer message ("native": the words it must hold)`, says, said.includes(says) ? says : said);
    for (const record of progress?.course_version === version ? progress.records : []) {  // the trainer reads the file back
      const before = readFileSync(`${dir}/trainer_progress.yaml`, 'utf8');
      const run = native(dir, ['trainer', lesson.id, '--seed', String(record.seed), '--progress', 'trainer_progress.yaml']);
      const summary = (run.out.match(/^(\d+)\/(\d+) /m) ?? [])[0];
      const right = record.exercises.filter((x, i) => {
        const e = exercisesOf(lesson.id, record.seed).exercises[i];
        return x.kind === e.kind && JSON.stringify(x.answers) === JSON.stringify(rightAnswers(e));
      }).length;
      differ(`${what}: grader trainer --seed ${record.seed} --progress finds done`, `${right}/3 `, summary);
      differ(`${what}: grader trainer --seed ${record.seed}'s exit status`, right === 3 ? 0 : 1, run.status);
      differ(`${what}: grader trainer --seed ${record.seed} leaves the file`, before, readFileSync(`${dir}/trainer_progress.yaml`, 'utf8'));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(problems.length ? problems.join('\n\n') : '');
console.log(`${compared} comparisons, ${problems.length} differ (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(problems.length || !compared ? 1 : 0);
