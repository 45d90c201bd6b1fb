// Proves a lesson's browser pipeline in node: builds the child of a student's
// file with the page's Worker code (src/compile_child.mjs, linking that
// lesson's prebuilt harness) and runs every run the lesson's Check asks
// for (the judge, src/judge.mjs, drives them: its checks stop where the
// native grader's do); with NATIVE_CHILD (the native
// emulator's child of the same file, from the grader's build cache) runs it
// with the same argv and compares the records byte for byte, the
// `emulation cpu_ms=` line (a timing) left out. Prints one line per run and
// exits 1 when a record differs or a run fails; then the judge's report.
// Usage: node lesson_records.mjs LESSON FILE.cu [NATIVE_CHILD] [SEED]   (after build_runtime.mjs, build_assets.mjs, build_frontend.mjs and
// judge/build_judge.mjs; GRADER: the native grader for `grader list --json`, default build-kit/grader/grader)
// Non-goals: the verdicts against the native grader's (compare_verdicts.mjs); the browser (tests/web/page_in_browser.py).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import binaryen from 'binaryen';
import { runClang, runLLVM } from '@yowasp/clang';
import { compileChild } from '../src/compile_child.mjs';
import { buildJson, judge } from '../src/judge.mjs';
import { runChildSync } from '../src/run_child.mjs';
import { loadAssets } from './toolchain.mjs';

const root = new URL('../../', import.meta.url).pathname;
const build = new URL('./build/', import.meta.url).pathname;
const [lesson, file, nativeChild, seed = '0'] = process.argv.slice(2);
const courseJson = execFileSync(process.env.GRADER || root + 'build-kit/grader/grader', ['list', '--json'], { cwd: root, encoding: 'utf8' });
const judgeModule = await WebAssembly.compile(readFileSync(new URL('../judge/build/judge.wasm', import.meta.url)));
const assets = loadAssets(lesson);

/// The record without its timing line.
const comparable = (bytes) => Buffer.from(bytes).toString('latin1').split('\n').filter((l) => !l.startsWith('emulation cpu_ms=')).join('\n');
const cpuMs = (bytes) => /emulation cpu_ms=([\d.]+)/.exec(Buffer.from(bytes).toString('latin1'))?.[1] ?? '-';

const t0 = performance.now();
const built = await compileChild({ runClang, runLLVM, binaryen }, assets, readFileSync(file, 'utf8'), basename(file), lesson);
if (!built.ok) { console.log(`lesson ${lesson}: ${built.stage} failed: ${built.log || JSON.stringify(built.unsupported)}`); process.exit(1); }
const module = await WebAssembly.compile(built.wasm);
console.log(`lesson ${lesson}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s (` +
            Object.entries(built.ms).map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`).join(', ') + `), ${built.wasm.length} B`);
const out = join(build, 'records', `lesson${lesson}`);
mkdirSync(out, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'native-records-'));
let failed = false;
/// One run the judge asks for (argv: MODE N PHASE SEED EXTRA...), made in wasm and, with NATIVE_CHILD, natively.
const run = (argv, env) => {
  const [mode, n, phase, , ...extra] = argv;
  const name = `${mode}.${n}.${phase}${env.length ? '.reversed' : ''}`;
  const t = performance.now();
  const r = runChildSync(module, argv, env);
  const wasmS = (performance.now() - t) / 1000;
  writeFileSync(join(out, name), r.record);
  let line = `  ${mode} n=${n} phase=${phase}${extra.length ? ' ' + extra.join(' ') : ''}${env.length ? ' ' + env.join(' ') : ''}: ` +
             `wasm status ${r.signal ? -1 : r.status}, ${r.record.length} B, ${wasmS.toFixed(2)} s (cpu_ms ${cpuMs(r.record)})`;
  if (r.status !== 0 || r.signal) { failed = true; line += ` [${r.output.trim()}]`; }
  if (nativeChild) {
    const path = join(scratch, name);
    const n0 = performance.now();
    execFileSync(nativeChild, [path, ...argv], { env: { ...process.env, ...Object.fromEntries(env.map((e) => e.split('='))) } });
    const native = readFileSync(path);
    const same = comparable(native) === comparable(r.record);
    if (!same) failed = true;
    line += `; native ${native.length} B, ${((performance.now() - n0) / 1000).toFixed(2)} s (cpu_ms ${cpuMs(native)}): ${same ? 'identical' : 'DIFFERENT'}`;
  }
  console.log(line);
  return r;
};
const judged = judge({ judgeModule, child: module, courseJson, lesson: `lesson${lesson}`, displayFile: basename(file), source: readFileSync(file, 'utf8'),
                       build: buildJson(built, basename(file)), seed, run });
console.log(judged.text || judged.log);
rmSync(scratch, { recursive: true });
process.exit(failed ? 1 : 0);
