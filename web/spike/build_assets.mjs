// Writes what the page's Worker fetches besides the toolchain, under
// build/assets/: headers.json (the emulator's headers and the lesson
// contract, path -> text), prelude.pch (built here with the page's clang),
// the prebuilt runtime objects (objects/*.o, listed in objects.json), and
// the judge (judge.wasm, course.json: judge/judge_assets.mjs).
// Usage: node build_assets.mjs (after build_runtime.mjs)
// Non-goal: compressing (the server does).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { runClang } from '@yowasp/clang';
import { PRELUDE, TARGET, INSTRUMENT } from '../src/compile_child.mjs';
import { loadTree, run } from './toolchain.mjs';
import { writeJudgeAssets } from '../judge/judge_assets.mjs';

const root = new URL('../../', import.meta.url).pathname;
const build = new URL('./build/', import.meta.url).pathname;
mkdirSync(build + 'assets/objects', { recursive: true });
const headers = { grader: { emu: { include: loadTree(root + 'grader/emu/include') }, harness: { 'contract.h': readFileSync(root + 'grader/harness/contract.h') } } };
const flat = {};
const walk = (tree, prefix) => { for (const [k, v] of Object.entries(tree)) v instanceof Uint8Array ? (flat[prefix + k] = new TextDecoder().decode(v)) : walk(v, prefix + k + '/'); };
walk(headers, '');
writeFileSync(build + 'assets/headers.json', JSON.stringify(flat));
const r = await run('clang++', [...TARGET, ...INSTRUMENT, '-x', 'c++-header', 'prelude.h', '-o', 'prelude.pch'], { ...headers, 'prelude.h': PRELUDE });
if (!r.ok) { console.error(r.log); process.exit(1); }
writeFileSync(build + 'assets/prelude.pch', r.files['prelude.pch']);
const objects = readdirSync(build + 'runtime').filter((f) => f.endsWith('.o'));
for (const o of objects) copyFileSync(build + 'runtime/' + o, build + 'assets/objects/' + o);
writeFileSync(build + 'assets/objects.json', JSON.stringify(objects));
writeJudgeAssets(build + 'assets');  // judge.wasm and course.json
console.log(`assets: ${Object.keys(flat).length} headers, prelude.pch ${r.files['prelude.pch'].length} B, ${objects.length} objects`);
