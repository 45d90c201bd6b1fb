// Runs a compiled child (the student's code linked with the emulator and a
// lesson harness) once, on an in-memory WASI: argv as the grader's child
// gets it, the record written to /out/record, and returned with the output.
// runChild instantiates asynchronously; runChildSync does it synchronously,
// for the judge's import (judge.mjs), which must answer before it returns.
// Works in a browser Worker and in node alike.
// Non-goals: a time limit (the Worker's owner terminates it); judging.
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim';

/// Signal numbers as Linux has them, for a trap named as a native child's crash would be.
const SIGABRT = 6, SIGSEGV = 11;

/// The WASI of one run: args [MODE, N, PHASE, SEED, EXTRA...] after the record's path; env: NAME=VALUE entries.
function childWasi(args, env) {
  const run = { output: '', out: new PreopenDirectory('/out', new Map()) };
  const fds = [new OpenFile(new File([])), ConsoleStdout.lineBuffered((l) => { run.output += l + '\n'; }),
               ConsoleStdout.lineBuffered((l) => { run.output += l + '\n'; }), run.out];
  run.wasi = new WASI(['child', '/out/record', ...args], env, fds, { debug: false });
  return run;
}

/// Starts the instance; {status, signal, trap, record (Uint8Array), output}. A trap (the emulator's faults are
/// written before _exit, so it is the wasm's own) stands for a crash, and its message stays out of the output (a native
/// child killed by a signal prints nothing either): SIGABRT where abort() was called (the runtime's cuemu_aborted,
/// grader/emu/device_faults.cpp), otherwise SIGSEGV, as a native child gets for an invalid access or for the code the
/// compiler made a trap (a store through null plus an offset, which WebAssembly's memory would take).
function start(run, instance) {
  let status = 0, signal = 0, trap = '';
  try {
    status = run.wasi.start(instance);
  } catch (e) {
    trap = e.message || String(e);
    signal = instance.exports.cuemu_aborted?.() ? SIGABRT : SIGSEGV;
  }
  const record = run.out.dir.contents.get('record');
  return { status, signal, trap, record: record ? record.data : new Uint8Array(), output: run.output };
}

/// Runs `module` with the harness arguments MODE N PHASE SEED EXTRA...; {status, record (Uint8Array), output}.
export async function runChild(module, mode, n, phase, seed, extra = []) {
  const run = childWasi([mode, String(n), String(phase), String(seed), ...extra], []);
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: run.wasi.wasiImport });
  const r = start(run, instance);
  return { status: r.signal ? -1 : r.status, record: r.record, output: r.output };
}

/// Runs `module` synchronously with `args` (MODE N PHASE SEED EXTRA...) and `env`; see start().
export function runChildSync(module, args, env = []) {
  const run = childWasi(args, env);
  return start(run, new WebAssembly.Instance(module, { wasi_snapshot_preview1: run.wasi.wasiImport }));
}
