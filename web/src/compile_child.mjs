// Builds the child of a Check from a student's CUDA file, in a browser
// Worker or in node: parse as the native front end does (parse.mjs: its
// errors fail the compile check), rewrite (rewrite.mjs), compile with clang against the
// precompiled emulator prelude (to LLVM IR, where access_sites.mjs locates the
// hooks' calls, then to an object), link with the prebuilt runtime and lesson
// harness (wasm-ld), and instrument the module with binaryen's Asyncify so
// that its CUDA threads can suspend at __syncthreads. Asyncify instruments
// only what can be on a suspended thread's stack: every function of the
// student's object and of the harness (listed by nm) and the runtime's suspend path.
// Non-goals: running the child (run_child.mjs); fetching the toolchain or
// the assets (the caller passes them in).
import { parse } from './parse.mjs';
import { locateAccessSites } from './access_sites.mjs';
import { rewrite } from './rewrite.mjs';

/// The prelude every student file is compiled after (the grader force-includes the same two headers).
export const PRELUDE = '#include "cuemu/cuda_emu.h"\n#include "grader/harness/contract.h"\n';
/// The compile flags of the target and of the emulator's instrumentation: the native backend's, as far as clang for wasm
/// takes them (grader/emu/include/wasm: glibc's assert() message); memcpy and memset stay instrumented (clang copies a float4 with memcpy, where the native build's GCC
/// loads 16 bytes: grader/emu/hooks.cpp's onCopy), and null pointers are checked (address 0 is memory in WebAssembly,
/// where the native child gets SIGSEGV: grader/emu/device_faults.cpp); a read followed by a write of the same place
/// (`C[i] += x`) keeps its read's hook, as the native build's GCC keeps it (LLVM's ThreadSanitizer drops it by default:
/// the tile map's load counts would differ); a function's entry (after inlining) calls the hook that finds a CUDA
/// thread's stack overflow (grader/emu/hooks.cpp's __cyg_profile_func_enter_bare: no guard page in WebAssembly).
export const TARGET = ['--target=wasm32-wasip1', '-std=c++17', '-fno-exceptions', '-DCUEMU', '-w', '-Igrader/emu/include/wasm', '-Igrader/emu/include'];
export const INSTRUMENT = ['-O1', '-fno-delete-null-pointer-checks', '-ftrivial-auto-var-init=pattern', '-Xclang', '-fsanitize=thread',
  '-mllvm', '-tsan-instrument-func-entry-exit=0', '-mllvm', '-tsan-instrument-read-before-write=1', '-finstrument-function-entry-bare', '-fsanitize=bounds,null', '-fsanitize-recover=null'];

/// How the student's file reads the precompiled prelude. Its system headers are looked up as clang loads it (a stat,
/// not an open): otherwise a header the file includes again, which the prelude's include guard then skips, is opened
/// and never read, so never closed, and clang for wasm has 128 descriptors (the WASI preview 1 adapter's table, which
/// answers ENOMEM when full): <chrono> includes about 125 such headers. The object is the same byte for byte.
export const PCH_READ = ['-include-pch', 'prelude.pch', '-Xclang', '-fmodules-validate-system-headers'];

/// The runtime's functions on the stack of a suspended CUDA thread (names as the module's name section spells them).
export const SUSPEND_PATH = ['cuemu::(anonymous namespace)::fiberMain()', 'cuemu::syncthreads(int)', 'cuemu::syncthreadsCount*',
  'cuemu::warpCollective*', 'cuemu::wasmfiber::suspend(unsigned int)'];

/// The objects a lesson's child links: the runtime's and that lesson's harness (harness_lessonN.o), of all prebuilt `objects` ({name: bytes});
/// `lesson`: its number (3) or its course.yaml id ("lesson3").
export function lessonObjects(objects, lesson) {
  const harness = `harness_lesson${String(lesson).replace(/^lesson/, '')}.o`;
  if (!(harness in objects)) throw new Error(`no prebuilt harness for lesson ${lesson} (${harness})`);
  return Object.fromEntries(Object.entries(objects).filter(([name]) => !name.startsWith('harness_lesson') || name === harness));
}

/// Runs a yowasp command; {files, log, ok, stdout}. With `stdoutApart`, the command's standard output is kept apart from
/// its log, as bytes (`stdout`): a large output is written there, not to a file, because the runtime's file copies its
/// whole content on each write (the text IR of a lesson file took 3 s to write in Chromium, against 0.3 s to stdout).
async function run(command, args, files, { stdoutApart = false } = {}) {
  let log = '';
  const chunks = [];
  const sink = (bytes) => { if (bytes) log += new TextDecoder().decode(bytes); };
  const keep = (bytes) => { if (bytes) chunks.push(bytes.slice()); };
  const joined = () => {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
    return out;
  };
  try {
    const out = await command(args, files, { stdout: stdoutApart ? keep : sink, stderr: sink, fetchProgress: () => {} });
    return { files: out, log, ok: true, stdout: joined() };
  } catch (e) {
    return { files: {}, log: log + (e.message || String(e)), ok: false, stdout: joined() };
  }
}

/// The names clang for wasm32-wasi gives a file's main (by its parameters).
const MAIN_NAMES = new Set(['main', '__main_argc_argv', '__original_main', '__main_void']);

/// The functions (text and weak symbols) `nm` lists as defined, per object: Map object -> names (nm heads each object's
/// list with "object:" when it lists several).
function definedFunctions(nmLog) {
  const out = new Map([['student.o', []]]);
  let object = 'student.o';
  for (const line of nmLog.split('\n')) {
    const head = /^(\S+\.o):$/.exec(line);
    if (head) out.set(object = head[1], out.get(head[1]) ?? []);
    const fn = /^\S+ [TtWw] (.*)$/.exec(line)?.[1];
    if (fn) out.get(object).push(fn);
  }
  return out;
}

/// wasm-ld's errors in GNU ld's words, which the judge reads as the native backend's linker (backend/compiler_output.cpp):
/// an undefined symbol ("your file does not define ..."), a duplicate one.
export function gnuLinkerLog(log) {
  return log.replace(/^wasm-ld: error: (\S+): undefined symbol: (.*)$/gm, "$1: undefined reference to `$2'")
    .replace(/^wasm-ld: error: duplicate symbol: (.*)$/gm, "multiple definition of `$1'");
}

/// Compiles `source` (named `fileName`), lesson `lesson`'s file (its number or course.yaml id), into an instrumented child module.
/// tools: {runClang, runLLVM, binaryen}; assets: {headers (a yowasp Tree holding grader/...), pch, frontend, frontendPch
/// (parse.mjs), objects: {name: bytes}} where objects are what the child links (lessonObjects: the runtime and one harness).
/// Returns {ok, stage, log, unsupported, rewritten (the source clang compiles), prelude ('pch': the precompiled prelude,
/// 'text': the prelude as text), wasm, sites (access_sites.mjs's table), ms: {stage: milliseconds}}.
export async function compileChild(tools, assets, source, fileName, lesson) {
  const ms = {};
  const timed = async (stage, f) => { const t0 = performance.now(); const r = await f(); ms[stage] = (ms[stage] ?? 0) + performance.now() - t0; return r; };
  const parsed = await timed('parse', () => parse(tools, assets, source, fileName, lesson));
  if (!parsed.ok) return { ok: false, stage: 'parse', log: parsed.log, ms };
  source = source.replace(/^\uFEFF/, '');  // a byte order mark: clang skips it at the file's start, where the #line below is
  const rewritten = await timed('rewrite', () => rewrite(source));
  if (rewritten.unsupported.length) return { ok: false, stage: 'rewrite', unsupported: rewritten.unsupported, ms };
  // To LLVM IR with line tables, where access_sites.mjs gives each hook call its line (wasm has no return address); on
  // standard output (run's stdoutApart says why).
  const compile = (prelude) => run(tools.runClang, ['clang++', ...TARGET, ...INSTRUMENT, '-gline-tables-only', ...prelude, '-S', '-emit-llvm',
    'student.cpp', '-o', '-'],
    { ...assets.headers, 'prelude.pch': assets.pch, 'prelude.h': PRELUDE, 'student.cpp': `#line 1 "${fileName}"\n` + rewritten.rewritten },
    { stdoutApart: true });
  let prelude = 'pch';
  let ir = await timed('compile', () => compile(PCH_READ));
  // The last resort, should clang still run out of descriptors after the precompiled prelude (PCH_READ): the prelude as
  // text (a few seconds more), which holds none open.
  if (!ir.ok && /cannot open file .*: Out of memory/.test(ir.log)) {
    prelude = 'text';
    ir = await timed('compile', () => compile(['-include', 'prelude.h']));
  }
  if (!ir.ok) return { ok: false, stage: 'compile', log: ir.log, rewritten: rewritten.rewritten, prelude, ms };
  const located = await timed('sites', () => locateAccessSites(new TextDecoder().decode(ir.stdout)));
  // The IR is already optimized and instrumented: code generation only (the link strips the line tables: nothing reads
  // them); the object on standard output too.
  const cc = await timed('codegen', () => run(tools.runClang, ['clang++', '--target=wasm32-wasip1', '-O1', '-Xclang', '-disable-llvm-passes',
    '-c', 'student.ll', '-o', '-'], { 'student.ll': located.ll }, { stdoutApart: true }));
  const studentObject = cc.stdout;
  if (!cc.ok) return { ok: false, stage: 'compile', log: cc.log, rewritten: rewritten.rewritten, prelude, ms };
  const ld = await timed('link', () => run(tools.runLLVM, ['wasm-ld', '-m', 'wasm32', '--strip-debug', '-L/usr/lib/wasm32-wasip1', '/usr/lib/wasm32-wasip1/crt1-command.o',
    'student.o', ...Object.keys(assets.objects), '-lc++', '-lc++abi', '-lc', '/usr/lib/wasm32-unknown-wasip1/libclang_rt.builtins.a', '-o', 'child.wasm'],
    { 'student.o': studentObject, ...assets.objects }));
  if (!ld.ok) return { ok: false, stage: 'link', log: gnuLinkerLog(ld.log), rewritten: rewritten.rewritten, ms };
  // The harness's functions too: lesson 4's timing mode launches the harness's own kernels (reference::tiledKernel has barriers).
  const harness = Object.keys(assets.objects).filter((name) => name.startsWith('harness_lesson'));
  const listed = await timed('nm', () => run(tools.runLLVM, ['nm', '-C', '--defined-only', 'student.o', ...harness],
    { 'student.o': studentObject, ...Object.fromEntries(harness.map((h) => [h, assets.objects[h]])) }));
  if (!listed.ok) return { ok: false, stage: 'nm', log: listed.log, rewritten: rewritten.rewritten, ms };
  const defined = definedFunctions(listed.log);
  // wasm-ld links a second main beside the harness's (clang renames it by its parameters): the native linker does not.
  if (defined.get('student.o').some((f) => MAIN_NAMES.has(f)))
    return { ok: false, stage: 'link', log: "student.o: multiple definition of `main'\n", rewritten: rewritten.rewritten, ms };
  const functions = [...new Set([...defined.values()].flat())];
  const wasm = await timed('asyncify', () => asyncify(tools.binaryen, ld.files['child.wasm'], [...functions, ...SUSPEND_PATH]));
  return { ok: true, prelude, wasm, rewritten: rewritten.rewritten, sites: located.sites, linked: ld.files['child.wasm'], linkedBytes: ld.files['child.wasm'].length, studentObject, ms };
}

/// The module with binaryen's Asyncify applied to the functions named in
/// `only` (wildcards allowed); its asyncify.* imports become the module's own functions.
export function asyncify(binaryen, linked, only, optimizeLevel = 1) {
  const m = binaryen.readBinary(linked);
  binaryen.setOptimizeLevel(optimizeLevel);
  binaryen.setShrinkLevel(0);
  binaryen.clearPassArguments();
  binaryen.setPassArgument('asyncify-ignore-imports', '1');  // WASI calls never suspend
  binaryen.setPassArgument('asyncify-onlylist', only.join('\n'));  // newline-separated: the names hold commas
  m.runPasses(['asyncify']);
  const bytes = m.emitBinary();
  m.dispose();
  return bytes;
}
