// The browser edition's build step: bundles the page (CodeMirror 6 with C++
// highlighting) and the Check Worker with esbuild, copies the clang wasm,
// the emulator's assets (built by spike/build_runtime.mjs and
// spike/build_assets.mjs when missing) and writes dist/index.html for
// lesson 3 with its starter file, and the judge (judge.wasm, and course.json
// from the native grader's `grader list --json`; GRADER names that grader,
// default build-kit/grader/grader). dist/ is static: serve it as it is.
// Usage: node build.mjs   (after npm ci)
// Non-goals: other lessons, lesson texts, quiz, trainer, tile map (issue 30's later parts).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { writeJudgeAssets } from './judge/judge_assets.mjs';

const web = new URL('./', import.meta.url).pathname;
const root = new URL('../', import.meta.url).pathname;
const dist = web + 'dist/';
mkdirSync(dist, { recursive: true });
if (!existsSync(web + 'spike/build/runtime/harness_lesson3.o')) execFileSync('node', [web + 'spike/build_runtime.mjs'], { stdio: 'inherit' });
if (!existsSync(web + 'spike/build/assets/prelude.pch')) execFileSync('node', [web + 'spike/build_assets.mjs'], { stdio: 'inherit' });
const common = { bundle: true, format: 'esm', platform: 'browser', external: ['node:*'], logLevel: 'warning', minify: true };
await esbuild.build({ ...common, entryPoints: [web + 'src/page.mjs'], outfile: dist + 'page.js' });
await esbuild.build({ ...common, entryPoints: [web + 'src/check_worker.mjs'], outfile: dist + 'check_worker.js' });
for (const f of ['llvm.core.wasm', 'llvm.core2.wasm', 'llvm.core3.wasm', 'llvm.core4.wasm', 'llvm-resources.tar'])
  cpSync(web + 'node_modules/@yowasp/clang/gen/' + f, dist + f);
cpSync(web + 'spike/build/assets', dist + 'assets', { recursive: true });
writeJudgeAssets(dist + 'assets');  // the grader's checks for wasm, and the course as the native grader loads it
const config = { fileName: 'matmul_tiled.cu', sizes: [16, 48, 64, 128], seed: 508447,
                 starter: readFileSync(root + 'starter/03-phase-loop/matmul_tiled.cu', 'utf8') };
const json = JSON.stringify(config).replace(/</g, '\\u003c');
writeFileSync(dist + 'index.html', readFileSync(web + 'src/index.html', 'utf8').replace('PAGE_CONFIG', json));
console.log('web/dist built');
