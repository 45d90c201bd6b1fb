// Times binaryen's Asyncify on the linked child of the last pipeline.mjs
// run (build/child-linked.wasm, build/student.o) in several settings: the
// pass's own time (best of 3), the instrumented size, and the lesson 3
// runs at n=64 and n=128 (best of 3), each record checked against
// build/records/rec.N. The onlylist variants instrument only the functions
// of the student's object (listed by nm) and the runtime's suspend path
// (or the whole cuemu namespace).
// Usage: node asyncify_variants.mjs
// Non-goal: choosing (FINDINGS.md does, from these figures).
import { readFileSync } from 'node:fs';
import binaryen from 'binaryen';
import { runLLVM } from '@yowasp/clang';
import { runChild } from '../src/run_child.mjs';

const build = new URL('./build/', import.meta.url).pathname;
const linked = readFileSync(build + 'child-linked.wasm');
/// The runtime's functions that are on the stack of a suspended CUDA thread.
const SUSPEND_PATH = ['cuemu::(anonymous namespace)::fiberMain()', 'cuemu::syncthreads(int)', 'cuemu::syncthreadsCount*',
  'cuemu::warpCollective*', 'cuemu::wasmfiber::suspend(unsigned int)'];

let t = performance.now();
let nmOut = '';
await runLLVM(['nm', '-C', '--defined-only', 'student.o'], { 'student.o': readFileSync(build + 'student.o') },
  { stdout: (b) => { if (b) nmOut += new TextDecoder().decode(b); }, fetchProgress: () => {} });
const nmMs = performance.now() - t;
t = performance.now();
nmOut = '';
await runLLVM(['nm', '-C', '--defined-only', 'student.o'], { 'student.o': readFileSync(build + 'student.o') },
  { stdout: (b) => { if (b) nmOut += new TextDecoder().decode(b); }, fetchProgress: () => {} });
const nmWarmMs = performance.now() - t;
const studentFunctions = nmOut.split('\n').map((l) => /^\S+ [TtWw] (.*)$/.exec(l)?.[1]).filter(Boolean);
console.log(`nm of student.o: ${studentFunctions.length} functions, ${nmMs.toFixed(0)} ms cold, ${nmWarmMs.toFixed(0)} ms warm`);
const onlylist = [...studentFunctions, ...SUSPEND_PATH].join('\n');  // newline-separated: the names hold commas
const onlylistCuemu = [...studentFunctions, 'cuemu::*'].join('\n');

const variants = {
  'whole module, -O0': { level: 0, args: {} },
  'whole module, -O1': { level: 1, args: {} },
  'onlylist (student + cuemu::*), -O0': { level: 0, args: { 'asyncify-onlylist': onlylistCuemu } },
  'onlylist (student + cuemu::*), -O1': { level: 1, args: { 'asyncify-onlylist': onlylistCuemu } },
  'onlylist, -O0': { level: 0, args: { 'asyncify-onlylist': onlylist } },
  'onlylist, -O1': { level: 1, args: { 'asyncify-onlylist': onlylist } },
};
const expected = (n) => readFileSync(`${build}records/rec.${n}`, 'latin1').split('\n').filter((l) => !l.startsWith('emulation ')).join('\n');
for (const [name, v] of Object.entries(variants)) {
  let best = Infinity, bytes;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    const m = binaryen.readBinary(linked);
    binaryen.setOptimizeLevel(v.level);
    binaryen.setShrinkLevel(0);
    binaryen.clearPassArguments();
    binaryen.setPassArgument('asyncify-ignore-imports', '1');
    for (const [key, value] of Object.entries(v.args)) binaryen.setPassArgument(key, value);
    m.runPasses(['asyncify']);
    bytes = m.emitBinary();
    m.dispose();
    best = Math.min(best, performance.now() - t0);
  }
  const module = await WebAssembly.compile(bytes);
  const runs = [];
  for (const n of [64, 128]) {
    let bestRun = Infinity, same = true;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      const r = await runChild(module, 'matmul', n, 0, 508447);
      bestRun = Math.min(bestRun, performance.now() - t0);
      same &&= r.status === 0 && new TextDecoder('latin1').decode(r.record).split('\n').filter((l) => !l.startsWith('emulation ')).join('\n') === expected(n);
    }
    runs.push(`n=${n} ${bestRun.toFixed(0)} ms${same ? '' : ' (RECORD DIFFERS)'}`);
  }
  console.log(`${name}: asyncify ${best.toFixed(0)} ms, ${bytes.length} B; run ${runs.join(', ')}`);
}
