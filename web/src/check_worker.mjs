// The Check's Worker: fetches the toolchain (bundled @yowasp/clang and
// binaryen) and the emulator's assets from the page's own origin, builds the
// child of a student's file (compile_child.mjs, the lesson's harness) and makes each of the lesson's runs
// (run_child.mjs), posting each stage's time and each run record.
// Messages in: {source, fileName, lesson, runs: [{mode, n, phase, extra}], seed, assets (URL of the assets folder)}.
// Messages out: {kind: 'progress'|'done'|'error', ...}; a progress message with `run: i` before the i-th run starts
// (the page's time limit of that run starts then); done's records: one per run, in order.
// Non-goals: the time limit (the page terminates a Worker that overruns); judging.
import { runClang, runLLVM } from '@yowasp/clang';
import binaryen from 'binaryen';
import { compileChild, lessonObjects } from './compile_child.mjs';
import { runChild } from './run_child.mjs';

let assets = null;

/// The headers, prelude PCH and runtime objects, fetched once per Worker.
async function loadAssets(base) {
  const get = async (path) => new Uint8Array(await (await fetch(new URL(path, base))).arrayBuffer());
  const flat = await (await fetch(new URL('headers.json', base))).json();
  const headers = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('/');
    let dir = headers;
    for (const p of parts.slice(0, -1)) dir = dir[p] ??= {};
    dir[parts.at(-1)] = text;
  }
  const objects = {};
  for (const o of await (await fetch(new URL('objects.json', base))).json()) objects[o] = await get('objects/' + o);
  return { headers, pch: await get('prelude.pch'), objects };
}

self.postMessage({ kind: 'progress', text: 'worker started' });
self.onmessage = async ({ data }) => {
  try {
    const t0 = performance.now();
    self.postMessage({ kind: 'progress', text: 'worker got the file' });
    assets ??= await loadAssets(data.assets);
    self.postMessage({ kind: 'progress', text: 'assets loaded' });
    const built = await compileChild({ runClang, runLLVM, binaryen }, { ...assets, objects: lessonObjects(assets.objects, data.lesson) }, data.source, data.fileName);
    built.ms.assets = performance.now() - t0 - Object.values(built.ms).reduce((a, b) => a + b, 0);
    if (!built.ok) { self.postMessage({ kind: 'error', stage: built.stage, log: built.log, unsupported: built.unsupported, ms: built.ms }); return; }
    let t = performance.now();
    const module = await WebAssembly.compile(built.wasm);
    built.ms.wasm_compile = performance.now() - t;
    const records = [];
    for (const [i, run] of data.runs.entries()) {
      self.postMessage({ kind: 'progress', run: i });
      t = performance.now();
      const r = await runChild(module, run.mode, run.n, run.phase, data.seed, run.extra);
      built.ms[`run_${run.mode}_n${run.n}_p${run.phase}`] = performance.now() - t;
      records.push({ ...run, status: r.status, output: r.output, record: r.record });
    }
    built.ms.total = performance.now() - t0;
    const resources = performance.getEntriesByType('resource').map((e) => ({ name: e.name, transferSize: e.transferSize }));
    self.postMessage({ kind: 'done', ms: built.ms, records, wasmBytes: built.wasm.length, resources });
  } catch (e) {
    self.postMessage({ kind: 'error', stage: 'worker', log: String(e && e.stack || e) });
  }
};
