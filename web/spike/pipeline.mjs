// The spike's pipeline in node, with the Worker's code (src/compile_child.mjs,
// src/run_child.mjs): builds the child of the lesson 3 harness from a
// student's file and runs it at each size the correctness check uses,
// cold (the first compile in this process: the toolchain's wasm is
// compiled then), then WARM times warm (each after an edit of the file).
// Prints each stage's time and writes the run records to build/records/rec.N.
// Usage: [SIZES=16,48,64,128] [WARM=1] node pipeline.mjs FILE.cu [SEED]   (after build_runtime.mjs, build_assets.mjs and build_frontend.mjs)
// Non-goals: judging the records (the grader's checks do); the browser (bench/web_spike.sh).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import binaryen from 'binaryen';
import { runClang, runLLVM } from '@yowasp/clang';
import { compileChild } from '../src/compile_child.mjs';
import { runChild } from '../src/run_child.mjs';
import { loadAssets } from './toolchain.mjs';

const build = new URL('./build/', import.meta.url).pathname;
const file = process.argv[2], seed = process.argv[3] || '508447';
const sizes = (process.env.SIZES || '16,48,64,128').split(',').map(Number);
const assets = loadAssets(3);

async function check(source) {
  const t0 = performance.now();
  const built = await compileChild({ runClang, runLLVM, binaryen }, assets, source, basename(file), 3);
  if (!built.ok) { console.log(built.stage, built.log || JSON.stringify(built.unsupported)); process.exit(1); }
  const ms = built.ms;
  let t = performance.now();
  const module = await WebAssembly.compile(built.wasm);
  ms.wasm_compile = performance.now() - t;
  mkdirSync(build + 'records', { recursive: true });
  for (const n of sizes) {
    t = performance.now();
    const r = await runChild(module, 'matmul', n, 0, seed);
    ms[`run_n${n}`] = performance.now() - t;
    if (r.status !== 0) { console.log(`n=${n}: status ${r.status} ${r.output}`); process.exit(1); }
    writeFileSync(`${build}records/rec.${n}`, r.record);
  }
  ms.total = performance.now() - t0;
  writeFileSync(build + 'child.wasm', built.wasm);
  writeFileSync(build + 'child-linked.wasm', built.linked);
  writeFileSync(build + 'student.o', built.studentObject);
  console.log(Object.entries(ms).map(([k, v]) => `${k}=${(v / 1000).toFixed(2)}s`).join(' ') + `  (linked ${built.linkedBytes} B, instrumented ${built.wasm.length} B)`);
}

const source = readFileSync(file, 'utf8');
process.stdout.write('cold: ');
await check(source);
for (let i = 1; i <= Number(process.env.WARM || 1); i++) {
  process.stdout.write('warm (after an edit): ');
  await check(source + `\n// edit ${i}\n`);
}
