// Compares the browser's parse (src/parse.mjs) with the native front end's
// (cuda-frontend, beside the native grader) on each file: the errors each
// reports, as the cpu backend writes them (file:line:col: error: message,
// the file's folder left out). Prints the files whose errors differ, then
// how many files both accept, both refuse with the same errors, or differ.
// Exit status 1 when any differs.
// Usage: node spike/compare_parse.mjs --lesson N FILE.cu...   (after spike/build_assets.mjs and spike/build_frontend.mjs;
// GRADER: the native grader, default build-kit/grader/grader)
// Non-goals: the rewrite (compare_frontends.mjs); the verdicts (compare_verdicts.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { runLLVM } from '@yowasp/clang';
import { parse } from '../src/parse.mjs';
import { loadAssets } from './toolchain.mjs';

const root = new URL('../../', import.meta.url).pathname;
const args = process.argv.slice(2);
const lesson = args.splice(args.indexOf('--lesson'), 2)[1];
const runtime = join(dirname(process.env.GRADER || root + 'build-kit/grader/grader'), 'runtime');
const assets = loadAssets(lesson);
const tmp = mkdtempSync(join(tmpdir(), 'parse-'));

/// The native front end's errors on `file`, as errorLog lines with the file's folder left out.
function native(file) {
  const report = join(tmp, 'report.json');
  execFileSync(join(runtime, 'cuda-frontend'), [file, '--name', basename(file), '--out', join(tmp, 'out.cpp'), '--report', report, '--',
    '-include', join(runtime, 'harness/contract.h'), `-DLESSON=${lesson}`]);
  return JSON.parse(readFileSync(report, 'utf8')).errors.map((e) => `${basename(e.file)}:${e.line}:${e.column}: error: ${e.message}`);
}

/// The browser's parse errors on `file`, as native() gives them.
async function browser(file) {
  const parsed = await parse({ runLLVM }, assets, readFileSync(file, 'utf8'), basename(file), lesson);
  return parsed.log.split('\n').filter(Boolean).map((l) => l.replace(/^[^:]*\//, ''));
}

const tally = { accepted: 0, sameErrors: 0, differ: 0 };
for (const file of args) {
  const [want, got] = [native(file), await browser(file)];
  if (want.join('\n') !== got.join('\n')) {
    tally.differ++;
    console.log(`${file}: errors differ\n  native:  ${want.join('\n           ') || '(none)'}\n  browser: ${got.join('\n           ') || '(none)'}`);
  } else tally[want.length ? 'sameErrors' : 'accepted']++;
}
console.log(`${args.length} files: ${tally.accepted} accepted by both, ${tally.sameErrors} refused by both with the same errors, ${tally.differ} differ`);
process.exit(tally.differ ? 1 : 0);
