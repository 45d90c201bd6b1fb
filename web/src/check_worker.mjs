// The Check's Worker: fetches the toolchain (bundled @yowasp/clang and
// binaryen), the emulator's and the front end's assets and the judge
// (judge.wasm, course.json) from the page's own origin, builds the child of
// a student's file (compile_child.mjs: parsed as the native front end
// does, linked with the lesson's prebuilt harness) and grades
// it with the grader's own checks (judge.mjs), which run the child at the
// sizes, phases and modes the checks ask for.
// Messages in: {source, fileName, lesson (course.yaml's id, "lesson3"), seed (optional, as --seed), assets (URL of the assets folder),
// replay (optional: {built, answers}, the progress messages of a Worker stopped at a run's limit, so this one judges
// the file again without building or running it again, judge.mjs says how; or {buildStoppedS}: the Worker building it
// was stopped at the build's limit, and the file is judged as a compile stopped there), quiz (optional: the quiz
// check's {quiz, answers, tries} JSON texts, judge.mjs's `quiz`), trainer (optional: the trainer check's progress, JSON
// text, judge.mjs's `trainer`), tilemap (optional, true: after the report, draw the file's tile map as `grader tilemap
// LESSON FILE --json` does, its runs numbered after the Check's; not where a run of the Check was stopped at its limit:
// the kernel is not drawn a second time out)}.
// Messages out: {kind: 'progress'|'done'|'error', ...}; progress {built: {ok, wasm, buildJson, ms}} after the build;
// before the judge's i-th run {run: i, argv, env, timeLimitS} (the page's time limit of that run starts then: a
// run that never ends blocks this Worker inside the judge), after it {ran: i, result};
// 'done' carries report {status, text, json, log} (text: as `grader check` prints it;
// json: its --json object, findings with their lines), records (one per run, in the order the checks asked:
// {argv, env, status, output, record}), each stage's time, the prelude clang read (compile_child.mjs's `prelude`), and, when asked for, tilemap {status, json, error, log}
// (judge.mjs's judgeTilemap; status null where it was not drawn because a run of the Check was stopped).
// Non-goal: the time limit itself (the page terminates a Worker that overruns).
import { runClang, runLLVM } from '@yowasp/clang';
import binaryen from 'binaryen';
import { compileChild, lessonObjects } from './compile_child.mjs';
import { treeOf } from './file_tree.mjs';
import { buildJson, judge, judgeTilemap } from './judge.mjs';
import { frontEndTree } from './parse.mjs';

let assets = null;

/// The headers, prelude PCHs, front end's files, runtime objects and the judge, fetched once per Worker.
async function loadAssets(base) {
  const get = async (path) => new Uint8Array(await (await fetch(new URL(path, base))).arrayBuffer());
  const json = async (path) => (await fetch(new URL(path, base))).json();
  const objects = {};
  for (const o of await json('objects.json')) objects[o] = await get('objects/' + o);
  const judgeModule = await WebAssembly.compile(await get('judge.wasm'));
  const courseJson = await (await fetch(new URL('course.json', base))).text();
  return { headers: treeOf(await json('headers.json')), pch: await get('prelude.pch'), frontend: frontEndTree(await json('frontend.json')),
           frontendPch: await get('frontend.pch'), objects, judgeModule, courseJson };
}

/// The child of data.source: built here, or the one a replay carries (built by the Worker that was stopped).
async function buildOrReplay(data, t0) {
  if (data.replay?.buildStoppedS)  // the Worker that built it was stopped at the build's limit: as the native compile's time-out
    return { ok: false, wasm: null, ms: {}, buildJson: buildJson({ ok: false, stage: 'compile', log: `timed out after ${data.replay.buildStoppedS} s` },
                                                                  data.fileName) };
  if (data.replay) return { ...data.replay.built, ms: { ...data.replay.built.ms } };
  const built = await compileChild({ runClang, runLLVM, binaryen }, { ...assets, objects: lessonObjects(assets.objects, data.lesson) },
                                    data.source, data.fileName, data.lesson);
  built.ms.assets = performance.now() - t0 - Object.values(built.ms).reduce((a, b) => a + b, 0);
  const kept = { ok: !!built.ok, wasm: built.wasm ?? null, buildJson: buildJson(built, data.fileName), ms: built.ms, prelude: built.prelude ?? null };
  self.postMessage({ kind: 'progress', built: kept });
  return kept;
}

/// The tile map of the judged file (judgeTilemap's {status, json, error, log}), its runs numbered after `checkRuns`, the
/// Check's; {status: null, ...} where a run of the Check was stopped at its limit (the kernel would hang here too).
function drawTilemap(given, checkRuns) {
  const stopped = checkRuns.findIndex((r) => r.timedOut);
  if (stopped >= 0) return { status: null, json: '', error: '', log: '', stoppedArgv: checkRuns[stopped].argv };
  const drawn = judgeTilemap({ ...given, firstRun: checkRuns.length });
  return { status: drawn.status, json: drawn.json, error: drawn.error, log: drawn.log };
}

self.postMessage({ kind: 'progress', text: 'worker started' });
self.onmessage = async ({ data }) => {
  try {
    const t0 = performance.now();
    self.postMessage({ kind: 'progress', text: 'worker got the file' });
    assets ??= await loadAssets(data.assets);
    self.postMessage({ kind: 'progress', text: 'assets loaded' });
    const built = await buildOrReplay(data, t0);
    let t = performance.now();
    const child = built.ok ? await WebAssembly.compile(built.wasm) : null;
    built.ms.wasm_compile = performance.now() - t;
    t = performance.now();
    const onRun = (i, request) => self.postMessage({ kind: 'progress', run: i, argv: request.argv, env: request.env, timeLimitS: request.time_limit_s });
    const onRan = (i, result) => self.postMessage({ kind: 'progress', ran: i, result });
    const given = { judgeModule: assets.judgeModule, child, courseJson: assets.courseJson, lesson: data.lesson, displayFile: data.fileName,
                    source: data.source, build: built.buildJson, onRun, onRan, replay: data.replay };
    const judged = judge({ ...given, seed: data.seed, quiz: data.quiz, trainer: data.trainer });
    built.ms.judge = performance.now() - t;
    t = performance.now();
    const tilemap = data.tilemap ? drawTilemap(given, judged.runs) : undefined;
    if (tilemap) built.ms.tilemap = performance.now() - t;
    const records = judged.runs.map((r) => ({ argv: r.argv, env: r.env, status: r.signal ? -1 : r.status, timedOut: r.timedOut, output: r.output,
                                             record: r.record }));
    built.ms.total = performance.now() - t0;
    const resources = performance.getEntriesByType('resource').map((e) => ({ name: e.name, transferSize: e.transferSize }));
    self.postMessage({ kind: 'done', ms: built.ms, prelude: built.prelude ?? null, report: { status: judged.status, text: judged.text, json: judged.json, log: judged.log },
                       records, tilemap, wasmBytes: built.wasm?.length ?? 0, resources });
  } catch (e) {
    self.postMessage({ kind: 'error', stage: 'worker', log: String(e && e.stack || e) });
  }
};
