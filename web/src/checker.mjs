// The page's side of the Check Worker (check_worker.mjs): keeps one Worker
// (its compiled toolchain makes later Checks fast) and holds each Check to
// the kit's time limits: the build (rewrite, compile, link) to the native
// backend's compile limit, each run the judge asks for to its check's
// time_limit_s from the moment the Worker says the run starts (its progress
// message, posted before the run: the judge runs the child synchronously, so
// a run that never ends sends nothing more). A Worker over a limit is
// terminated (the only way to stop wasm that never returns); after a run's
// limit a fresh Worker finishes the Check from a replay, so the student gets
// the report `grader check` gives a hang, and the next Check works; after the
// build's, a fresh Worker judges the file as a compile stopped at its limit.
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
/// last message: 'done' (with `stopped`: [{run, argv, limitS}], the runs stopped at their limit; run null: the build),
/// 'error', or {kind: 'timeout', limitS, run: null} when a replay's Worker overran the build's limit too; onRun(i, argv,
/// env) is told when run i starts.
/// A run over its limit ends that Worker; a fresh one judges the file again from a replay of what the stopped one
/// built and ran (the stopped run answering as a time-out), so the Check still ends in the grader's report.
/// The build's limit counts from the click, the Worker's start included.
export function createChecker({ compileLimitS }) {
  let worker = null;
  /// One Worker's part of a Check: resolves with its last message, or {kind: 'stopped', limitS, run, argv, env} when a
  /// run overran; `replay` ({built, answers}) gathers the Worker's progress for a fresh one.
  function attempt(request, replay, onRun) {
    worker ??= startWorker();
    const current = worker;
    return new Promise((resolve) => {
      let timer = null, running = null;
      const limit = (seconds, run) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          current.w.terminate();
          if (worker === current) worker = startWorker();  // fresh, and already loading for what comes next
          resolve({ kind: run === null ? 'timeout' : 'stopped', limitS: seconds, run, ...(run === null ? {} : running) });
        }, seconds * 1000);
      };
      limit(compileLimitS, null);  // a replay's too: it starts a Worker
      current.ready.then((failed) => {
        if (failed) {
          clearTimeout(timer);
          if (worker === current) worker = null;  // the next Check tries a new one
          resolve(failed);
          return;
        }
        current.w.onmessage = ({ data }) => {
          if (data.kind !== 'progress') {
            clearTimeout(timer);
            resolve(data);
          } else if (data.built) {
            replay.built = data.built;
          } else if (Number.isInteger(data.run)) {
            running = { argv: data.argv, env: data.env };
            limit(data.timeLimitS, data.run);
            onRun(data.run, data.argv, data.env);
          } else if (Number.isInteger(data.ran)) {
            replay.answers[data.ran] = { ...data.result, ...running };
          }
        };
        current.w.postMessage(request);
      });
    });
  }
  async function check(request, onRun = () => {}) {
    const replay = { built: null, answers: [] }, stopped = [];
    for (let next = request; ;) {
      const result = await attempt(next, replay, onRun);
      if (result.kind === 'timeout' && !next.replay) {  // the build overran: judged as the native compile stopped at its limit
        stopped.push({ run: null, limitS: result.limitS });
        next = { ...request, replay: { buildStoppedS: result.limitS, answers: [] } };
        continue;
      }
      if (result.kind !== 'stopped') return result.kind === 'done' ? { ...result, stopped } : result;
      stopped.push({ run: result.run, argv: result.argv, limitS: result.limitS });
      replay.answers[result.run] = { argv: result.argv, env: result.env, timedOut: true };
      next = { ...request, replay: { built: replay.built, answers: [...replay.answers] } };
    }
  }
  return { check };
}
