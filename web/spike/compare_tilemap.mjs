// The tile map the page draws against the native grader's: for each file,
// `grader tilemap LESSON FILE --json` (native, run in the file's folder with
// the file's name, as the page names it) and the page's pipeline in node
// (compile_child.mjs, then judge.mjs's judgeTilemap with judge.wasm: `judge
// tilemap`) must print the same bytes, or, for a file that does not compile
// or whose run fails, the same error and exit status. Prints one line per
// file and a summary. Two differences of the browser's, which the checks'
// messages have too (compare_verdicts.mjs, README.md), are not counted, and
// are said: where a file does not compile, the error quoted is clang's
// first, and the page's clang 22 names an enum's type as "(aka 'enum
// cudaError')" where the native front end's clang 14 writes "(aka
// 'cudaError')"; a fault the emulator locates by its code address (an
// out-of-bounds access to shared memory through a pointer) is "at an unknown
// line" in WebAssembly, where natively it is "at FILE:LINE". A file the
// browser refuses ("not supported in the browser", a misaligned float4 in
// shared memory) is no difference either, as compare_verdicts.mjs counts it.
// Usage: node spike/compare_tilemap.mjs [--lesson lesson3] FILE.cu...   (after judge/build_judge.mjs,
// spike/build_assets.mjs, spike/build_frontend.mjs); exit 1 when any file differs.
// Env: GRADER (default build-kit/grader/grader).
// Non-goals: the picture and the native verb's other options (--block, --phase, --n, --svg).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import binaryen from 'binaryen';
import { runClang, runLLVM } from '@yowasp/clang';
import { compileChild } from '../src/compile_child.mjs';
import { buildJson, judgeTilemap } from '../src/judge.mjs';
import { limitedRunner } from './run_limited.mjs';
import { loadAssets } from './toolchain.mjs';

const web = new URL('../', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const lessonAt = args.indexOf('--lesson');
const lesson = lessonAt >= 0 ? args.splice(lessonAt, 2)[1] : 'lesson3';
const grader = process.env.GRADER || root + 'build-kit/grader/grader';
const assets = loadAssets(lesson);
const courseJson = execFileSync(grader, ['list', '--json'], { cwd: root, encoding: 'utf8' });
const judgeModule = new WebAssembly.Module(readFileSync(web + 'judge/build/judge.wasm'));

/// `grader tilemap LESSON NAME --json` in the file's folder: {status, out, err}.
function native(path) {
  const r = spawnSync(grader, ['--course', root + 'course.yaml', 'tilemap', lesson, basename(path), '--json'], { cwd: dirname(path), encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/// The page's tile map of the file at `path`: built as the Worker builds it, then `judge tilemap`.
async function page(path) {
  const source = readFileSync(path, 'utf8'), name = basename(path);
  const built = await compileChild({ runClang, runLLVM, binaryen }, assets, source, name, lesson);
  const child = built.ok ? new WebAssembly.Module(built.wasm) : null;
  const drawn = judgeTilemap({ judgeModule, child, courseJson, lesson, displayFile: name, source, build: buildJson(built, name),
                               run: child ? limitedRunner(child) : undefined });
  return { status: drawn.status, out: drawn.json, err: drawn.error, log: drawn.log, runs: drawn.runs.length };
}

/// The native error `text` as the browser's known differences write it: clang 22's words, a fault's line unknown.
const inBrowserWords = (text, page) => text.replace(/\(aka '([^']+)'\)/g, (all, type) => page.includes(`(aka 'enum ${type}')`) ? `(aka 'enum ${type}')` : all)
  .replace(/ at [^ ]+\.cu:\d+\. /, (all) => page.includes(' at an unknown line. ') ? ' at an unknown line. ' : all);

const t0 = performance.now();
let differ = 0, known = 0, refused = 0;
for (const file of args) {
  const path = resolve(file);
  const t = performance.now();
  const [want, got] = [native(path), await page(path)];
  const exact = want.status === got.status && want.out === got.out && want.err === got.err;
  const same = exact || (want.status === got.status && want.out === got.out && inBrowserWords(want.err, got.err) === got.err);
  const refusal = !same && got.err.includes('not supported in the browser');
  differ += !same && !refusal;
  known += same && !exact;
  refused += refusal;
  console.log(`${exact ? 'same  ' : same ? 'same but for the browser (clang 22, unknown line)' : refusal ? 'refused in the browser' : 'DIFFER'} ` +
              `${file}: exit ${got.status}, ${got.runs} runs, ` +
              `${((performance.now() - t) / 1000).toFixed(1)} s` + (got.status === 0 ? '' : ` (${got.err.trim()})`));
  if (!same && !refusal) console.log(`  native: exit ${want.status}\n  ${want.out.slice(0, 300)}${want.err}\n  page: exit ${got.status}\n  ${got.out.slice(0, 300)}${got.err}${got.log}`);
}
console.log(`${args.length} files, ${differ} differ, ${known} the same but for the browser's known differences, ${refused} refused in the browser (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(differ || !args.length ? 1 : 0);
