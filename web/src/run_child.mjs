// Runs a compiled child (the student's code linked with the emulator and a
// lesson harness) once, on an in-memory WASI: argv as the grader's child
// gets it, the record written to /out/record, and returned with the output.
// Works in a browser Worker and in node alike.
// Non-goals: a time limit (the Worker's owner terminates it); judging.
import { ConsoleStdout, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim';

/// Runs `module` with the harness arguments MODE N PHASE SEED EXTRA...; {status, record (Uint8Array), output}.
export async function runChild(module, mode, n, phase, seed, extra = []) {
  let output = '';
  const out = new PreopenDirectory('/out', new Map());
  const fds = [new OpenFile(new File([])), ConsoleStdout.lineBuffered((l) => { output += l + '\n'; }),
               ConsoleStdout.lineBuffered((l) => { output += l + '\n'; }), out];
  const wasi = new WASI(['child', '/out/record', mode, String(n), String(phase), String(seed), ...extra], [], fds, { debug: false });
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
  let status;
  try {
    status = wasi.start(instance);
  } catch (e) {  // a trap: the emulator's faults are written before _exit, so this is the wasm's own
    output += `trap: ${e.message}\n`;
    status = -1;
  }
  const record = out.dir.contents.get('record');
  return { status, record: record ? record.data : new Uint8Array(), output };
}
