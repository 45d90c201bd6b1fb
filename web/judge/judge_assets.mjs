// Puts the judge's two assets in a folder the Worker fetches from:
// judge.wasm (built, or brought up to date, by build_judge.mjs) and
// course.json, the course as the native grader loads it (`grader list
// --json`: course.yaml stays the one source, its validation included).
// Non-goal: building the native grader (GRADER names one; default build-kit/grader/grader).
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';

const web = new URL('../', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;

/// Writes judge.wasm and course.json into `dir` (which exists).
export function writeJudgeAssets(dir) {
  execFileSync('node', [web + 'judge/build_judge.mjs'], { stdio: 'inherit' });  // incremental: recompiles what changed
  copyFileSync(web + 'judge/build/judge.wasm', dir + '/judge.wasm');
  writeFileSync(dir + '/course.json', execFileSync(process.env.GRADER || root + 'build-kit/grader/grader', ['list', '--json'], { cwd: root }));
}
