// The Check's build of each file in node, as the Worker builds it (compile_child.mjs): each stage's time and the
// prelude clang read (the precompiled prelude, or the prelude as text after the precompiled one failed), one line
// per file, then the compile stage's total. The first file pays the toolchain's start (its wasm compiled).
// Usage: node spike/compile_times.mjs [--lesson lesson4] [--require-pch] FILE.cu...   (after build_assets.mjs and
// build_frontend.mjs)
// Exits 1 when a file fails at the compile stage or after it, or, with --require-pch, when one was compiled with the
// prelude as text; a file the parse or the rewrite refuses (the native front end's verdict) is listed, not failed.
// Non-goals: running or judging the child (compare_verdicts.mjs), the browser's times (bench/web_spike.sh).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import binaryen from 'binaryen';
import { runClang, runLLVM } from '@yowasp/clang';
import { compileChild } from '../src/compile_child.mjs';
import { loadAssets } from './toolchain.mjs';

const args = process.argv.slice(2);
const lessonAt = args.indexOf('--lesson');
const lesson = lessonAt >= 0 ? args.splice(lessonAt, 2)[1] : 'lesson3';
const requireAt = args.indexOf('--require-pch');
const requirePch = requireAt >= 0 && args.splice(requireAt, 1).length > 0;
const assets = loadAssets(lesson);
const seconds = (ms) => `${((ms ?? 0) / 1000).toFixed(2)}s`;
let failed = 0, refusals = 0, compileMs = 0;
for (const file of args) {
  const built = await compileChild({ runClang, runLLVM, binaryen }, assets, readFileSync(file, 'utf8'), basename(file), lesson);
  compileMs += built.ms.compile ?? 0;
  const stages = Object.entries(built.ms).map(([stage, ms]) => `${stage}=${seconds(ms)}`).join(' ');
  const refused = !built.ok && (built.stage === 'parse' || built.stage === 'rewrite');
  const why = `at ${built.stage}: ${(built.log || JSON.stringify(built.unsupported) || '').trim().split('\n')[0]}`;
  const wrong = !built.ok && !refused ? `FAILED ${why}` : requirePch && built.prelude === 'text' ? 'PRELUDE AS TEXT (--require-pch)' : '';
  if (refused) refusals++;
  if (wrong) failed++;
  console.log(`${file}: prelude=${built.prelude ?? '-'} ${stages}${wrong ? '  ' + wrong : refused ? '  refused ' + why : ''}`);
}
console.log(`summary: ${args.length - failed - refusals}/${args.length} files built${requirePch ? ' with the precompiled prelude' : ''}, ` +
            `${refusals} refused before the compile, ${failed} failed; compile stage ${seconds(compileMs)} in all`);
process.exit(failed ? 1 : 0);
