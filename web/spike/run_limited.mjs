// Runs a compiled child in node under a time limit, as the page's Worker
// watchdog does: each run goes to a worker thread, the caller waits for it
// (Atomics.wait, so the judge's synchronous import can) at most the run's
// limit, and a run past it has its thread terminated and answers as a
// time-out (judge.mjs's replay answer: exit status -1, no record).
// Non-goals: the browser (src/checker.mjs does it there); building the child.
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';

const RUNNER = `
import { workerData } from 'node:worker_threads';
import { runChildSync } from ${JSON.stringify(new URL('../src/run_child.mjs', import.meta.url).href)};
const { port, flag } = workerData;
port.on('message', ({ module, argv, env }) => {
  port.postMessage(runChildSync(module, argv, env));
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

/// A run(argv, env, limitS) for judge.mjs that runs `module` in a worker thread, at most limitS seconds.
export function limitedRunner(module) {
  let thread = null;
  const start = () => {
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(new URL('data:text/javascript,' + encodeURIComponent(RUNNER)), { workerData: { port: port2, flag }, transferList: [port2] });
    worker.unref();
    return { worker, port: port1, flag };
  };
  return (argv, env, limitS) => {
    thread ??= start();
    Atomics.store(thread.flag, 0, 0);
    thread.port.postMessage({ module, argv, env });
    if (Atomics.wait(thread.flag, 0, 0, limitS * 1000) === 'timed-out') {
      thread.worker.terminate();
      thread = null;
      return { status: -1, signal: 0, timedOut: true, record: new Uint8Array(), output: '' };
    }
    return receiveMessageOnPort(thread.port).message;
  };
}
