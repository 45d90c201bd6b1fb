// The barrier bench: builds the lesson 3 kernel's shape with C++20
// coroutines and with Asyncify fibers (the emulator's fiber_asyncify.cpp)
// for wasm32-wasi with @yowasp/clang, and prints per variant the compile,
// link and Asyncify times, the module size and the run time of REPEATS
// launches at n (best of 3), with the checksum each prints.
// Usage: node bench.mjs [N] [REPEATS]
// Non-goal: the emulator's hooks and records (pipeline.mjs measures those).
import { readFileSync } from 'node:fs';
import binaryen from 'binaryen';
import { runClang } from '@yowasp/clang';
import { loadTree } from '../toolchain.mjs';
import { ConsoleStdout, File, OpenFile, WASI } from '@bjorn3/browser_wasi_shim';

const here = new URL('./', import.meta.url).pathname;
const emu = new URL('../../../grader/emu/', import.meta.url).pathname;
const n = process.argv[2] || '128', repeats = process.argv[3] || '10';
const src = (dir, names) => Object.fromEntries(names.map((f) => [f, readFileSync(dir + f)]));
const flags = ['--target=wasm32-wasip1', '-std=c++20', '-O1', '-fno-exceptions', '-w'];
const quiet = { fetchProgress: () => {}, stderr: (b) => b && process.stderr.write(b) };

async function timed(f) { const t0 = performance.now(); const r = await f(); return [r, performance.now() - t0]; }
async function measure(name, build) {
  const { wasm, ms } = await build();
  const module = await WebAssembly.compile(wasm);
  let best = Infinity, printed = '';
  for (let k = 0; k < 3; k++) {
    let out = '';
    const wasi = new WASI(['bench', n, repeats], [], [new OpenFile(new File([])), ConsoleStdout.lineBuffered((l) => { out += l; }),
      ConsoleStdout.lineBuffered((l) => { out += l; })], { debug: false });
    const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
    const t0 = performance.now();
    wasi.start(instance);
    best = Math.min(best, performance.now() - t0);
    printed = out;
  }
  console.log(`${name}: ${Object.entries(ms).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}, module ${wasm.length} B; ` +
              `${repeats} launches at n=${n}: ${best.toFixed(0)} ms (${printed})`);
}

await runClang(['clang++', ...flags, '-c', 'kernel.h', '-o', 'warmup.o'], src(here, ['kernel.h']), quiet).catch(() => {});  // the toolchain's own start, not timed
await measure('C++20 coroutines', async () => {
  const [out, compile] = await timed(() => runClang(['clang++', ...flags, 'coroutines.cpp', '-o', 'bench.wasm'], src(here, ['coroutines.cpp', 'kernel.h']), quiet));
  return { wasm: out['bench.wasm'], ms: { 'compile+link': compile } };
});
await measure('Asyncify fibers', async () => {
  const files = { ...src(here, ['asyncify.cpp', 'kernel.h']), ...src(emu, ['fiber_asyncify.cpp', 'fiber_asyncify.h', 'stack_pointer.S', 'memory.h', 'scheduler.h',
    'fault_kind.h', 'stats.h', 'warp.h']), include: loadTree(emu + 'include') };
  const [out, compile] = await timed(() => runClang(['clang++', ...flags, '-I.', '-Iinclude', 'asyncify.cpp', 'fiber_asyncify.cpp', 'stack_pointer.S', '-o', 'bench.wasm'], files, quiet));
  const [wasm, asyncify] = await timed(() => {
    const m = binaryen.readBinary(out['bench.wasm']);
    binaryen.setOptimizeLevel(1);
    binaryen.clearPassArguments();
    binaryen.setPassArgument('asyncify-ignore-imports', '1');
    binaryen.setPassArgument('asyncify-onlylist', ['threadBody()', 'cuemu::wasmfiber::suspend(unsigned int)'].join('\n'));
    m.runPasses(['asyncify']);
    const bytes = m.emitBinary();
    m.dispose();
    return bytes;
  });
  return { wasm, ms: { 'compile+link': compile, asyncify } };
});
