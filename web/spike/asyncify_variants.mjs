// Times binaryen's Asyncify on the linked child (build/child-linked.wasm,
// written by pipeline.mjs) in several settings, with the instrumented size.
// Usage: node asyncify_variants.mjs
// Non-goal: running the result (pipeline.mjs does).
import { readFileSync } from 'node:fs';
import binaryen from 'binaryen';

const linked = readFileSync(new URL('./build/child-linked.wasm', import.meta.url));
const variants = {
  'asyncify, no optimization': { level: 0, args: {}, optimize: false },
  'asyncify -O1': { level: 1, args: {}, optimize: false },
  'asyncify -O1 + optimize -O1': { level: 1, args: {}, optimize: true },
  'asyncify ignore-imports, no optimization': { level: 0, args: { 'asyncify-ignore-imports': '1' }, optimize: false },
  'asyncify ignore-imports -O1': { level: 1, args: { 'asyncify-ignore-imports': '1' }, optimize: false },
};
for (const [name, v] of Object.entries(variants)) {
  const t0 = performance.now();
  const m = binaryen.readBinary(linked);
  const t1 = performance.now();
  binaryen.setOptimizeLevel(v.level);
  binaryen.setShrinkLevel(0);
  binaryen.clearPassArguments();
  for (const [k, x] of Object.entries(v.args)) binaryen.setPassArgument(k, x);
  m.runPasses(['asyncify']);
  const t2 = performance.now();
  if (v.optimize) m.optimize();
  const bytes = m.emitBinary();
  const t3 = performance.now();
  m.dispose();
  console.log(`${name}: read ${(t1 - t0).toFixed(0)} ms, asyncify ${(t2 - t1).toFixed(0)} ms, optimize+emit ${(t3 - t2).toFixed(0)} ms, ${bytes.length} B`);
}
