// Differential test of the browser's judge against the native grader: for
// each file, `grader check LESSON FILE --backend cpu --json` (native) and
// the browser's pipeline in node (compile_child.mjs, then judge.mjs with
// judge.wasm) grade it; prints, per file, whether every check's verdict
// (status and points) agrees, and what else differs (finding codes, lines,
// messages; the printed grader command and the gpu's absence are made the
// browser's first), then a summary line.
// The quiz is left out of the agreement: it is graded from the page's stored
// answers, which this script does not give (compare_quiz.mjs compares the
// quiz with the native grader's). The trainer is in it: the page is given the
// trainer_progress.yaml beside the file, if any (the solutions' folders hold
// one), as its stored progress (compare_trainer.mjs compares more).
// Usage: node spike/compare_verdicts.mjs [--lesson lesson3] [--known LIST] FILE.cu...   (after judge/build_judge.mjs,
// spike/build_assets.mjs, spike/build_frontend.mjs; the child links that lesson's prebuilt harness)
// Exits 1 when a file's verdicts differ and LIST (lines "PATH  why", PATH from the repository's root; # comments)
// does not name it, or when LIST names a file given that no longer differs; a file refused as not supported in the
// browser is not a difference, unless --refusal-fails is given (files the browser must grade as the native grader does);
// with --same-text, an agreeing check whose findings (codes and lines) or message differ fails too.
// Env: GRADER (default build-kit/grader/grader), COURSE_JSON (default: `grader list --json`).
// Non-goal: timing (the Check's stage times are measured elsewhere).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import binaryen from 'binaryen';
import { runClang, runLLVM } from '@yowasp/clang';
import { compileChild } from '../src/compile_child.mjs';
import { buildJson, judge } from '../src/judge.mjs';
import { limitedRunner } from './run_limited.mjs';
import { loadAssets } from './toolchain.mjs';
import { parse } from 'yaml';

const web = new URL('../', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const lessonAt = args.indexOf('--lesson');
const lesson = lessonAt >= 0 ? args.splice(lessonAt, 2)[1] : 'lesson3';
const refusalFailsAt = args.indexOf('--refusal-fails');
const refusalFails = refusalFailsAt >= 0 && args.splice(refusalFailsAt, 1).length > 0;
const sameTextAt = args.indexOf('--same-text');
const sameText = sameTextAt >= 0 && args.splice(sameTextAt, 1).length > 0;
const knownAt = args.indexOf('--known');
/// The differences LIST explains: path -> why.
const known = new Map(knownAt < 0 ? [] : readFileSync(args.splice(knownAt, 2)[1], 'utf8').split('\n')
  .map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).map((l) => [l.split(/\s+/)[0], l.replace(/^\S+\s*/, '')]));
const unexplained = [];
const grader = process.env.GRADER || root + 'build-kit/grader/grader';
const NOT_IN_BROWSER = new Set(['quiz']);

const assets = loadAssets(lesson);  // the runtime and the lesson's harness
const courseJson = process.env.COURSE_JSON ? readFileSync(process.env.COURSE_JSON, 'utf8') : execFileSync(grader, ['list', '--json'], { cwd: root, encoding: 'utf8' });
const judgeBytes = readFileSync(web + 'judge/build/judge.wasm');
let t = performance.now();
const judgeModule = new WebAssembly.Module(judgeBytes);
console.log(`judge.wasm: ${judgeBytes.length} B, compiled by the engine in ${((performance.now() - t) / 1000).toFixed(2)} s`);

/// `grader check`'s JSON report of `file` (its exit status is 1 or 2 when a check fails or errs).
function native(file) {
  try {
    return JSON.parse(execFileSync(grader, ['check', lesson, file, '--backend', 'cpu', '--json'], { cwd: root, encoding: 'utf8' }));
  } catch (e) {
    return JSON.parse(e.stdout);
  }
}

/// The trainer_progress.yaml beside `file` (where the native check finds it) in the page's JSON form, or null.
function trainerProgress(file) {
  const path = `${root}${dirname(file)}/trainer_progress.yaml`;
  if (!existsSync(path)) return null;
  const p = parse(readFileSync(path, 'utf8'));
  return JSON.stringify({ course_version: String(p.course_version), records: (p.records ?? []).map((r) => ({ set: String(r.set), seed: r.seed,
    exercises: r.exercises.map((x) => ({ kind: String(x.kind), answers: Object.fromEntries(Object.entries(x.answers).map(([k, v]) => [k, String(v)])) })) })) });
}

/// The browser's report of `file`: build as the Worker does, then judge.
async function browser(file) {
  const source = readFileSync(root + file, 'utf8');
  const t0 = performance.now();
  // Named as the native grader names it (the path it is given), which its own output can print (an assertion's file).
  const built = await compileChild({ runClang, runLLVM, binaryen }, assets, source, file, lesson);
  const t1 = performance.now();
  const child = built.ok ? new WebAssembly.Module(built.wasm) : null;
  const judged = judge({ judgeModule, child, courseJson, lesson, displayFile: file, source, build: buildJson(built, file.split('/').at(-1)),
                         run: child ? limitedRunner(child) : undefined,  // each run held to its limit, as the page holds it
                         trainer: trainerProgress(file) });
  judged.buildMs = t1 - t0;
  judged.judgeMs = performance.now() - t1;
  judged.runsMs = judged.runs.reduce((a, r) => a + r.ms, 0);
  return judged;
}

/// A native message with what the browser says otherwise by design: the printed grader command is the kit's
/// ("grader check ..."), and the gpu backend's absence is the browser's.
const normal = (text) => (text || '').replaceAll(grader, 'grader').replaceAll(relative(root, grader), 'grader')
  .replaceAll('(no CUDA device on this machine)', '(no CUDA device in the browser)');

const lines = (c) => (c.findings || []).map((f) => `${f.code}@${f.line ?? '-'}`).join(',');
let runsMs = 0, files = 0, agreeing = 0, unsupported = 0, checks = 0, checksAgreeing = 0, messagesDiffer = 0, findingsDiffer = 0, judgeMs = 0, buildMs = 0;
for (const path of args) {
  const file = relative(root, path.startsWith('/') ? path : process.cwd() + '/' + path);
  const want = native(file);
  const got = await browser(file);
  files++;
  buildMs += got.buildMs;
  judgeMs += got.judgeMs;
  runsMs += got.runsMs;
  if (!got.json) {
    console.log(`${file}: BROWSER FAILED (status ${got.status}) ${got.log.trim()}`);
    continue;
  }
  const notes = [], differing = [];
  let fileAgrees = true;
  for (const w of want.checks) {
    if (NOT_IN_BROWSER.has(w.name)) continue;
    const g = got.json.checks.find((c) => c.name === w.name);
    checks++;
    if (!g || g.status !== w.status || g.points !== w.points) {
      fileAgrees = false;
      differing.push(g);
      notes.push(`  ${w.name}: native ${w.status} ${w.points}/${w.max_points}, browser ${g ? `${g.status} ${g.points}/${g.max_points}` : 'missing'}\n` +
                 `    native:  ${normal(w.message).split('\n')[0]}\n    browser: ${(g?.message || '').split('\n')[0]}`);
      continue;
    }
    checksAgreeing++;
    if (lines(w) !== lines(g)) { findingsDiffer++; notes.push(`  ${w.name}: findings differ: native [${lines(w)}], browser [${lines(g)}]`); }
    if (sameText && (lines(w) !== lines(g) || normal(w.message) !== g.message)) unexplained.push(`${file}: ${w.name}'s findings or message differ (--same-text)`);
    if (normal(w.message) !== g.message) {
      messagesDiffer++;
      notes.push(`  ${w.name}: message differs\n    native:  ${normal(w.message).replace(/\n/g, '\n             ')}\n    browser: ${g.message.replace(/\n/g, '\n             ')}`);
    }
  }
  if (fileAgrees) agreeing++;
  const notInBrowser = (c) => c.status === 'error' && c.message.startsWith('not supported in the browser');
  // Refused: the build (compile's error), or a run (every check that differs is such an error).
  const refused = !fileAgrees && (got.json.checks.some((c) => c.name === 'compile' && notInBrowser(c)) ||
                                  differing.every((c) => c && notInBrowser(c)));
  if (refused) unsupported++;
  const verdicts = want.checks.filter((c) => !NOT_IN_BROWSER.has(c.name)).map((c) => `${c.name}=${c.status}`).join(' ');
  const differs = !fileAgrees && !refused;
  if (differs !== known.has(file)) unexplained.push(differs ? `${file} differs` : `${file} is listed as differing but does not`);
  if (refused && refusalFails) unexplained.push(`${file} is refused as not supported in the browser (--refusal-fails)`);
  console.log(`${file}: ${fileAgrees ? 'verdicts agree' : refused ? 'NOT SUPPORTED IN THE BROWSER' : known.has(file) ? `KNOWN DIFFERENCE (${known.get(file)})` : 'VERDICTS DIFFER'} (${verdicts}; browser ${(got.buildMs / 1000).toFixed(1)} s build, ${(got.judgeMs / 1000).toFixed(2)} s judge, of which ${got.runs.length} runs ${(got.runsMs / 1000).toFixed(2)} s)`);
  for (const n of notes) console.log(n);
}
console.log(`summary: ${agreeing}/${files} files with every verdict agreeing, ${unsupported} refused as not supported in the browser, ` +
            `${files - agreeing - unsupported} with another verdict; ${checksAgreeing}/${checks} checks agree (the quiz left out); ` +
            `${findingsDiffer} agreeing checks with other findings or lines, ${messagesDiffer} with another message; ` +
            `browser build ${(buildMs / 1000).toFixed(1)} s, judge ${(judgeMs / 1000).toFixed(1)} s in all, of which the runs ${(runsMs / 1000).toFixed(1)} s`);
for (const u of unexplained) console.log(`FAIL: ${u}${u.endsWith(' differs') ? ' (not in the --known list)' : ''}`);
process.exitCode = unexplained.length ? 1 : 0;
