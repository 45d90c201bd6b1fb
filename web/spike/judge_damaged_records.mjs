// Damaged run records fed to judge.wasm: the judge is built without
// exceptions (a throw would abort it), and a record is what the student's
// program leaves, so no record may stop it. Builds the lesson 3 solution
// once, keeps the records its runs write, then judges ITERATIONS Checks in
// which every run answers with a damaged copy (cut short, bytes changed,
// lines added with out-of-range, negative, non-numeric or missing values,
// or random bytes). Prints how many gave a report and how many trapped;
// exit 1 on any trap or missing report. The damaged records of a Check
// that gave no report are kept in build/damaged/CHECK/run.K.
// Usage: node spike/judge_damaged_records.mjs [ITERATIONS] [SEED]   (after judge/build_judge.mjs, spike/build_assets.mjs, spike/build_frontend.mjs)
// Non-goal: which verdict a damaged record gets (any report will do).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import binaryen from 'binaryen';
import { runClang, runLLVM } from '@yowasp/clang';
import { compileChild } from '../src/compile_child.mjs';
import { buildJson, judge } from '../src/judge.mjs';
import { runChildSync } from '../src/run_child.mjs';
import { loadAssets } from './toolchain.mjs';

const web = new URL('../', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;
const iterations = Number(process.argv[2] || 200);
let state = BigInt(process.argv[3] || 1);
/// xorshift64: a reproducible stream of numbers below `n`.
const rand = (n) => { state ^= state << 13n; state &= (1n << 64n) - 1n; state ^= state >> 7n; state ^= state << 17n; state &= (1n << 64n) - 1n; return Number(state % BigInt(n)); };

const assets = loadAssets(3);  // the runtime and lesson 3's harness
const courseJson = execFileSync(process.env.GRADER || root + 'build-kit/grader/grader', ['list', '--json'], { cwd: root, encoding: 'utf8' });
const judgeModule = new WebAssembly.Module(readFileSync(web + 'judge/build/judge.wasm'));
const file = 'solutions/03-phase-loop/matmul_tiled.cu';
const source = readFileSync(root + file, 'utf8');
const built = await compileChild({ runClang, runLLVM, binaryen }, assets, source, 'matmul_tiled.cu', 3);
if (!built.ok) { console.error('the solution did not build:', built.log); process.exit(1); }
const child = new WebAssembly.Module(built.wasm);
const build = buildJson(built, 'matmul_tiled.cu');

const encoder = new TextEncoder();
const WORDS = ['launch', 'traffic', 'hazard', 'uninitialized', 'divergence', 'partial_barrier', 'write_conflict', 'fault', 'gflops',
               'timing', 'output', 'written', 'cuda_error', 'started', 'end', 'barrier_site', 'emulation', 'tilemap'];
const VALUES = ['', '-1', '18446744073709551616', '9.4e99', 'nan', 'abc', '1,2', '-5,-5,-5', '99999999999', '0x10', '1e-400', '=', ' '];
const KEYS = ['n', 'count', 'line', 'grid', 'block', 'thread', 'index', 'size', 'kind', 'launch', 'buffer', 'read_words', 'shape', 'space',
              'element', 'writer_pc', 'pc', 'threads', 'reached', 'bytes', 'dimension', 'type', 'column', 'value', 'ms', 'rows'];
/// A damaged copy of `record`.
function damage(record) {
  const bytes = new Uint8Array(record);
  switch (rand(5)) {
    case 0: return bytes.slice(0, rand(bytes.length + 1));  // cut short
    case 1: for (let i = 0, k = 1 + rand(20); i < k && bytes.length; i++) bytes[rand(bytes.length)] = rand(256); return bytes;
    case 2: case 3: {  // lines added (or put first) with hostile values
      let lines = '';
      for (let i = 0, k = 1 + rand(6); i < k; i++) {
        lines += WORDS[rand(WORDS.length)];
        for (let j = 0, f = rand(6); j < f; j++) lines += ` ${KEYS[rand(KEYS.length)]}=${VALUES[rand(VALUES.length)]}`;
        lines += '\n';
      }
      const add = encoder.encode(lines), at = rand(2) ? 0 : bytes.length;
      const out = new Uint8Array(bytes.length + add.length);
      out.set(bytes.slice(0, at)); out.set(add, at); out.set(bytes.slice(at), at + add.length);
      return out;
    }
    default: return Uint8Array.from({ length: rand(400) }, () => rand(256));  // random bytes
  }
}

let reports = 0, traps = 0, runs = 0;
const failures = [];
for (let i = 0; i < iterations; i++) {
  const given = [];
  const run = (argv, env) => {
    const ran = runChildSync(child, argv, env);
    runs++;
    given.push({ argv, record: damage(ran.record) });
    return { ...ran, record: given.at(-1).record };
  };
  const judged = judge({ judgeModule, child, courseJson, lesson: 'lesson3', displayFile: file, source, build, run });
  if (judged.status >= 0 && judged.status <= 2 && judged.text.includes('score ')) reports++;
  else {
    if (/trapped/.test(judged.log)) traps++;
    if (failures.length < 5) failures.push(`iteration ${i}: status ${judged.status}: ${judged.log.trim().slice(0, 300)}`);
    const dir = `${web}spike/build/damaged/${i}/`;
    mkdirSync(dir, { recursive: true });
    given.forEach((g, k) => writeFileSync(`${dir}run.${k}`, g.record));
    writeFileSync(dir + 'argv', given.map((g) => g.argv.join(' ')).join('\n') + '\n');
  }
}
for (const f of failures) console.log(f);
console.log(`${iterations} Checks with damaged records (${runs} runs): ${reports} reports, ${traps} traps, ${iterations - reports - traps} other failures`);
process.exit(reports === iterations ? 0 : 1);
