// The spike's toolchain helpers for node: files as @yowasp/clang trees,
// clang/wasm-ld runs that return their outputs, messages and time, and the
// page's built assets as the Worker holds them.
// Non-goal: the browser (the Worker fetches its assets: check_worker.mjs).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runClang, runLLVM } from '@yowasp/clang';
import { lessonObjects } from '../src/compile_child.mjs';
import { treeOf } from '../src/file_tree.mjs';
import { frontEndTree } from '../src/parse.mjs';

/// The files under `dir` (those whose names pass `keep`) as a yowasp Tree.
export function loadTree(dir, keep = () => true) {
  const tree = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) tree[name] = loadTree(path, keep);
    else if (keep(name)) tree[name] = readFileSync(path);
  }
  return tree;
}

/// Runs clang/clang++ (`tool`) or an LLVM tool on `files`; {files, log, ms, ok}.
export async function run(tool, args, files) {
  let log = '';
  const sink = (bytes) => { if (bytes) log += new TextDecoder().decode(bytes); };
  const t0 = performance.now();
  const runner = tool.startsWith('clang') ? (a, f, o) => runClang([tool, ...a], f, o) : (a, f, o) => runLLVM([tool, ...a], f, o);
  try {
    const out = await runner(args, files, { stdout: sink, stderr: sink, fetchProgress: () => {} });
    return { files: out, log, ms: performance.now() - t0, ok: true };
  } catch (e) {
    return { files: e.files || {}, log: log + (e.message || String(e)), ms: performance.now() - t0, ok: false };
  }
}

/// The assets of build/assets/ as compileChild takes them, with the objects lesson `lesson`'s child links (the runtime
/// and its harness).
export function loadAssets(lesson) {
  const dir = new URL('./build/assets/', import.meta.url).pathname;
  const json = (name) => JSON.parse(readFileSync(dir + name, 'utf8'));
  const objects = Object.fromEntries(json('objects.json').map((o) => [o, readFileSync(dir + 'objects/' + o)]));
  return { headers: treeOf(json('headers.json')), pch: readFileSync(dir + 'prelude.pch'), frontend: frontEndTree(json('frontend.json')),
           frontendPch: readFileSync(dir + 'frontend.pch'), objects: lessonObjects(objects, lesson) };
}
