// Prebuilds the emulator runtime and the four lessons' harnesses for
// wasm32-wasip1 with @yowasp/clang (the compiler the page runs, so its libc++
// ABI matches), into build/runtime/*.o (harness_lessonN.o: grader/harness/harness.cu
// with LESSON=N, as grader/CMakeLists.txt builds libcuemu_harness_lessonN.a).
// Usage: node build_runtime.mjs [UNIT...]   (units: the emu/*.cpp names, stack_pointer, harness_lesson1..4; all when none)
// Non-goal: an archive (wasm-ld takes the objects; the Worker links one harness).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadTree, run } from './toolchain.mjs';

const root = new URL('../../', import.meta.url).pathname;
const out = new URL('./build/runtime/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const grader = { emu: loadTree(root + 'grader/emu'), harness: loadTree(root + 'grader/harness') };
const common = ['--target=wasm32-wasip1', '-std=c++17', '-O2', '-fno-exceptions', '-w', '-DCUEMU', '-Igrader/emu/include', '-Igrader/emu'];
const units = ['scheduler', 'warp', 'memory', 'hooks', 'record', 'device_faults', 'runtime_api', 'memory_api', 'device_queries',
               'error_names', 'tilemap', 'fiber_asyncify'];
let total = 0;
const compile = async (name, args) => {
  const r = await run('clang++', [...args, '-c', '-o', name + '.o'], { grader });
  total += r.ms;
  if (!r.ok) { console.error(name, r.log); process.exit(1); }
  writeFileSync(out + name + '.o', r.files[name + '.o']);
  console.log(`${name}.o ${(r.ms / 1000).toFixed(1)} s`);
};
const wanted = (name) => process.argv.length <= 2 || process.argv.slice(2).includes(name);
for (const u of units) if (wanted(u)) await compile(u, [...common, `grader/emu/${u}.cpp`]);
if (wanted('stack_pointer')) await compile('stack_pointer', ['--target=wasm32-wasip1', 'grader/emu/stack_pointer.S']);
for (const lesson of [1, 2, 3, 4])
  if (wanted(`harness_lesson${lesson}`))
    await compile(`harness_lesson${lesson}`, [...common, '-x', 'c++', `-DLESSON=${lesson}`, '-include', 'cuemu/cuda_emu.h', '-Igrader/harness', 'grader/harness/harness.cu']);
console.log(`runtime built in ${(total / 1000).toFixed(1)} s`);
