// The page's side of the Check Worker (check_worker.mjs): keeps one Worker
// (its compiled toolchain makes later Checks fast) and holds each Check to
// the kit's time limits: the build (rewrite, compile, link) to the native
// backend's compile limit, each run the judge asks for to its check's
// time_limit_s from the moment the Worker says the run starts (its progress
// message, posted before the run: the judge runs the child synchronously, so
// a run that never ends sends nothing more). A Check over its limit has its
// Worker terminated (the only way to stop wasm that never returns) and a
// fresh Worker started, so the next Check works.
// Non-goals: what the results mean (the page shows them); the editor.

/// A Worker and a promise of its first message (its modules loaded), or of {kind: 'error'} where its script fails to load.
function startWorker() {
  const w = new Worker('check_worker.js', { type: 'module' });
  const ready = new Promise((resolve) => {
    w.onmessage = () => resolve(null);
    w.onerror = (e) => resolve({ kind: 'error', stage: 'worker', log: `the Check's Worker did not start: ${e.message || 'check_worker.js failed to load'}` });
  });
  return { w, ready };
}

/// A checker: check(request, onRun) posts `request` (check_worker.mjs's message) and resolves with the Worker's
/// last message, or {kind: 'timeout', limitS, run (the run's index, or null for the build), argv (the run's, or null)};
/// onRun(i, argv) is told when run i starts.
/// The build's limit counts from the click, the Worker's start included.
export function createChecker({ compileLimitS }) {
  let worker = null;
  async function check(request, onRun = () => {}) {
    worker ??= startWorker();
    const current = worker;
    return new Promise((resolve) => {
      let timer = null;
      const limit = (seconds, run, argv = null) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          current.w.terminate();
          if (worker === current) worker = startWorker();  // fresh, and already loading for the next Check
          resolve({ kind: 'timeout', limitS: seconds, run, argv });
        }, seconds * 1000);
      };
      limit(compileLimitS, null);
      current.ready.then((failed) => {
        if (failed) {
          clearTimeout(timer);
          if (worker === current) worker = null;  // the next Check tries a new one
          resolve(failed);
          return;
        }
        current.w.onmessage = ({ data }) => {
          if (data.kind === 'progress') {
            if (Number.isInteger(data.run)) { limit(data.timeLimitS, data.run, data.argv); onRun(data.run, data.argv); }
            return;
          }
          clearTimeout(timer);
          resolve(data);
        };
        current.w.postMessage(request);
      });
    });
  }
  return { check };
}
