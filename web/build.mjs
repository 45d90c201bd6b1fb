// The browser edition's build step: bundles the page (CodeMirror 6 with C++
// highlighting) and the Check Worker with esbuild, copies the clang wasm,
// the emulator's assets (built by spike/build_runtime.mjs and
// spike/build_assets.mjs when missing or when their sources changed: each
// keeps the hash of its sources in a stamp), the front end's (headers and
// prelude PCH for the parse, spike/build_frontend.mjs), the judge (judge.wasm, and
// course.json from the native grader's `grader list --json`; GRADER names
// that grader, default build-kit/grader/grader) and writes dist/index.html
// with the page configuration: for each lesson of course.yaml its id,
// starter file and texts in English and Russian (src/lesson_text.mjs), and,
// where course.yaml grades its quiz, the quiz sealed as the student kit holds
// it (`grader quiz LESSON --sealed-json`: no answer or worked answer in plain
// text), and, where course.yaml has a trainer check, the tile-map trainer page
// the native grader writes (`grader trainer LESSON --html`, into
// dist/trainer/LESSON.html; the page shows it in a frame). The runs of a
// Check are the judge's to ask for, not the page's.
// dist/ is static: serve it as it is.
// Usage: node build.mjs   (after npm ci)
// Non-goal: a trainer page of the browser edition's own (the grader's is used as it is).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { parse } from 'yaml';
import { writeJudgeAssets } from './judge/judge_assets.mjs';
import { renderLessonText } from './src/lesson_text.mjs';

const web = new URL('./', import.meta.url).pathname;
const root = new URL('../', import.meta.url).pathname;
const dist = web + 'dist/';
mkdirSync(dist, { recursive: true });

/// The hash of the files at `paths` (folders: every file under them), by path and content.
function sourcesHash(paths, hash = createHash('sha256')) {
  for (const path of paths) {
    if (statSync(path).isDirectory()) sourcesHash(readdirSync(path).sort().map((n) => `${path}/${n}`), hash);
    else hash.update(path.slice(root.length) + '\0').update(readFileSync(path));
  }
  return hash;
}

/// Runs `script` unless `stamp` holds the hash of `sources` (made by the last run of it), then writes the hash there.
function buildWhenChanged(script, stamp, sources) {
  const hash = sourcesHash(sources).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  execFileSync('node', [script], { stdio: 'inherit' });
  writeFileSync(stamp, hash);
}

buildWhenChanged(web + 'spike/build_runtime.mjs', web + 'spike/build/runtime.stamp',
                 [root + 'grader/emu', root + 'grader/harness', web + 'spike/build_runtime.mjs', web + 'spike/toolchain.mjs']);
buildWhenChanged(web + 'spike/build_assets.mjs', web + 'spike/build/assets.stamp',
                 [web + 'spike/build/runtime.stamp', root + 'grader/emu/include', root + 'grader/harness/contract.h',
                  web + 'src/compile_child.mjs', web + 'spike/build_assets.mjs']);
execFileSync('node', [web + 'spike/build_frontend.mjs'], { stdio: 'inherit' });  // seconds: made each time, never stale
const common = { bundle: true, format: 'esm', platform: 'browser', external: ['node:*'], logLevel: 'warning', minify: true };
await esbuild.build({ ...common, entryPoints: [web + 'src/page.mjs'], outfile: dist + 'page.js' });
await esbuild.build({ ...common, entryPoints: [web + 'src/check_worker.mjs'], outfile: dist + 'check_worker.js' });
for (const f of ['llvm.core.wasm', 'llvm.core2.wasm', 'llvm.core3.wasm', 'llvm.core4.wasm', 'llvm-resources.tar'])
  cpSync(web + 'node_modules/@yowasp/clang/gen/' + f, dist + f);
cpSync(web + 'spike/build/assets', dist + 'assets', { recursive: true });
writeJudgeAssets(dist + 'assets');  // the grader's checks for wasm, and the course as the native grader loads it
const course = parse(readFileSync(root + 'course.yaml', 'utf8'));
const grader = process.env.GRADER || root + 'build-kit/grader/grader';
/// Lesson `l`'s quiz, sealed (quiz_json.h's form), or null when course.yaml does not grade it.
const sealedQuiz = (l) => (l.checks ?? []).some((c) => c.name === 'quiz')
  ? JSON.parse(execFileSync(grader, ['quiz', l.id, '--sealed-json'], { cwd: root, encoding: 'utf8' })) : null;
/// Lesson `l`'s trainer page, written by the native grader into dist/trainer/, as the page's path to it; null where
/// course.yaml has no trainer check for it.
const trainerPage = (l) => {
  if (!(l.checks ?? []).some((c) => c.name === 'trainer')) return null;
  mkdirSync(dist + 'trainer', { recursive: true });
  execFileSync(grader, ['trainer', l.id, '--html', `${dist}trainer/${l.id}.html`], { cwd: root, stdio: 'inherit' });
  return `trainer/${l.id}.html`;
};
/// The lesson number of a course.yaml lesson id ("lesson3" -> 3).
const lessonNumber = (l) => Number(/(\d+)$/.exec(l.id)[1]);
const lessons = course.lessons.map((l) => ({
  number: lessonNumber(l), id: l.id, title: l.title, fileName: l.student_file,
  starter: readFileSync(`${root}starter/${l.folder}/${l.student_file}`, 'utf8'),
  quiz: sealedQuiz(l), trainer: trainerPage(l), quizAnswersFile: (l.checks ?? []).find((c) => c.name === 'quiz')?.answers_file ?? 'quiz_answers.yaml',
  text: { en: renderLessonText(readFileSync(`${root}lessons/${l.folder}/README.md`, 'utf8'), lessonNumber(l)),
          ru: renderLessonText(readFileSync(`${root}lessons/${l.folder}/README.ru.md`, 'utf8'), lessonNumber(l)) },
}));
// No seed: the judge takes `grader check`'s own (stableSeed of the lesson and file name) as when --seed is not given.
// compileLimitS: the native backend's compile and link limit (cpu_backend.cpp).
const config = { compileLimitS: 120, maxSourceBytes: 1 << 20, lessons };
const json = JSON.stringify(config).replace(/</g, '\\u003c');
writeFileSync(dist + 'index.html', readFileSync(web + 'src/index.html', 'utf8').replace('PAGE_CONFIG', json));
console.log('web/dist built');
