// Judges a Check in the browser with the grader's own code: judge.wasm (the
// grader's checks and reporters, web/judge/) grades the lesson as
// `grader check LESSON FILE --backend cpu` does, and each run it asks for is
// the already-built child run here, synchronously, inside the judge's import.
// Works in a browser Worker and in node alike.
// A Check whose run never ended is judged again in a fresh Worker with a
// replay: the runs that ended before it answer from their results, and the
// one that did not answers as a native child killed at its time limit, so
// the report is the one `grader check` gives a hang.
// judgeTilemap draws the built file's tile map the same way (`judge
// tilemap`); runJudgeWithoutRuns runs the judge's subcommands that run no
// child (quiz_judge.mjs, trainer_progress.mjs).
// Non-goals: building the child (compile_child.mjs); a time limit (the
// Worker's owner terminates a Worker that overruns: onRun tells it, before
// each run, the run's limit; a run that never ends blocks inside the import).
import { ConsoleStdout, Directory, File, OpenFile, PreopenDirectory, WASI } from '@bjorn3/browser_wasi_shim';
import { cryptoImports } from './judge_crypto.mjs';
import { runChildSync } from './run_child.mjs';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/// What the judge's build.json says of the Worker's build (`built` from compileChild; `rewritten`: the source clang compiled).
export function buildJson(built, fileName) {
  const first = built.unsupported?.[0];
  return JSON.stringify({
    ok: !!built.ok, stage: built.ok ? '' : built.stage, log: built.log || '',
    unsupported: first ? first.construct : '', unsupported_line: first ? first.line : 0,
    rewritten: built.rewritten ? `#line 1 "${fileName}"\n` + built.rewritten : '',
    sites: (built.sites ?? []).map((s) => [s.file, s.line]),
  });
}

/// The judge's quiz files in /in (web/judge/browser_quiz.h) from `quiz` ({quiz, answers, tries}: JSON texts; null: none).
export function quizInputs(quiz) {
  if (!quiz) return [];
  const named = [['quiz.json', quiz.quiz], ['quiz_answers.json', quiz.answers], ['quiz_tries.json', quiz.tries]];
  return named.filter(([, text]) => typeof text === 'string').map(([name, text]) => [name, new File(encoder.encode(text))]);
}

/// Run `index`'s answer from `replay`, when it asks for the same run as before: its earlier result, or a time-out
/// (as core/process.cpp gives one: exit status -1, no signal; no record, the Worker that ran it is gone) for a run
/// stopped at its limit; else undefined (run it here).
function replayed(replay, index, request) {
  const earlier = replay.answers[index];
  if (!earlier || JSON.stringify([earlier.argv, earlier.env]) !== JSON.stringify([request.argv, request.env])) return undefined;
  return earlier.timedOut ? { status: -1, signal: 0, timedOut: true, record: new Uint8Array(), output: '' } : earlier;
}

/// The judge's WASI for `args`: /in holding `inputs` ([[name, File | Directory]]), /out empty; file(name): what the judge
/// wrote to /out/NAME, as text ('' when nothing); log(): what it printed.
export function judgeWasi(args, inputs) {
  const out = new PreopenDirectory('/out', new Map());
  let log = '';
  const fds = [new OpenFile(new File([])), ConsoleStdout.lineBuffered((l) => { log += l + '\n'; }),
               ConsoleStdout.lineBuffered((l) => { log += l + '\n'; }), new PreopenDirectory('/in', new Map(inputs)), out];
  const file = (name) => { const f = out.dir.contents.get(name); return f ? decoder.decode(f.data) : ''; };
  return { wasi: new WASI(args, [], fds, { debug: false }), file, log: () => log };
}

/// Starts `instance` on `judge` (judgeWasi's): {status, trapped, log}; status 3 where it trapped, said in the log.
function started(judge, instance) {
  try {
    return { status: judge.wasi.start(instance), trapped: false, log: judge.log() };
  } catch (e) {
    return { status: 3, trapped: true, log: judge.log() + `judge trapped: ${e.message}\n` };
  }
}

/// Runs judge.wasm with `args` on `inputs` where it runs no child (the quiz, the trainer's file), instantiated
/// asynchronously: a browser may refuse a synchronous instantiation on the page's own thread.
/// Resolves with {status (3: the judge's trouble), trapped, file(name), log}.
export async function runJudgeWithoutRuns(judgeModule, args, inputs) {
  const judge = judgeWasi(args, inputs);
  const noRuns = () => { throw new Error(`judge ${args[1]} runs nothing`); };
  let instance;
  instance = await WebAssembly.instantiate(judgeModule, { wasi_snapshot_preview1: judge.wasi.wasiImport,
                                                          grader: { run_child: noRuns, ...cryptoImports(() => instance.exports.memory) } });
  return { ...started(judge, instance), file: judge.file };
}

/// Runs judge.wasm with `args` on `inputs`, synchronously, each run it asks for made here in its import: the child
/// run (see judge() for child, run, onRun, onRan and replay); its runs are numbered from `firstRun` (onRun, onRan,
/// replay). {status, trapped, file(name), log, runs}.
function runJudge({ judgeModule, args, inputs, child, run, onRun = () => {}, onRan = () => {}, replay = { answers: [] }, firstRun = 0 }) {
  const judge = judgeWasi(args, inputs);
  const runs = [];
  let instance;
  /// The judge's import: runs the child once and answers in memory the judge frees.
  const runChild = (requestPtr, requestLength, answerPtr, answerLengthPtr) => {
    const memory = () => instance.exports.memory.buffer;
    const request = JSON.parse(decoder.decode(new Uint8Array(memory(), requestPtr, requestLength)));
    const index = firstRun + runs.length;
    const t0 = performance.now();
    const ran = replayed(replay, index, request) ?? (() => {
      onRun(index, request);
      const made = run ? run(request.argv, request.env, request.time_limit_s)
                 : child ? runChildSync(child, request.argv, request.env) : { error: 'no child was built' };
      onRan(index, made);
      return made;
    })();
    runs.push({ argv: request.argv, env: request.env, ms: performance.now() - t0, status: ran.status, signal: ran.signal, trap: ran.trap,
                record: ran.record, output: ran.output, timedOut: !!ran.timedOut });
    const head = encoder.encode(JSON.stringify({ status: ran.status ?? 0, signal: ran.signal ?? 0, timed_out: !!ran.timedOut,
                                                 output: ran.output ?? '', record: !!ran.record?.length, error: ran.error ?? '' }) + '\n');
    const record = ran.record ?? new Uint8Array();
    const length = head.length + record.length;
    const at = instance.exports.malloc(length);  // may grow the memory: views are taken after it
    new Uint8Array(memory(), at, length).set(head);
    new Uint8Array(memory(), at + head.length, record.length).set(record);
    const view = new DataView(memory());
    view.setUint32(answerPtr, at, true);
    view.setUint32(answerLengthPtr, length, true);
    return 0;
  };
  instance = new WebAssembly.Instance(judgeModule, { wasi_snapshot_preview1: judge.wasi.wasiImport,
                                                     grader: { run_child: runChild, ...cryptoImports(() => instance.exports.memory) } });
  return { ...started(judge, instance), file: judge.file, runs };
}

/// The judge's /in for the Worker's build of `displayFile`: the course, build.json and the source.
function buildInputs(courseJson, build, displayFile, source) {
  return [['course.json', new File(encoder.encode(courseJson))], ['build.json', new File(encoder.encode(build))],
          ['source', new Directory(new Map([[displayFile.split('/').at(-1), new File(encoder.encode(source))]]))]];
}

/// Grades one file. judgeModule: the compiled judge.wasm; child: the compiled child module (null when the build failed);
/// courseJson: `grader list --json`'s text; displayFile: the name the report gives the file;
/// run (tests and spikes): stands in for runChildSync(child, argv, env), given the run's time limit too (a result with
/// timedOut for a run stopped at it);
/// onRun(index, {argv, env, time_limit_s}): told before each run starts (the Worker posts it to the page's watchdog);
/// onRan(index, result): told after each run made here, with its result ({status, signal, trap, record, output});
/// replay ({answers: [run i's result with its argv and env, or {argv, env, timedOut: true} for a run stopped at its
/// limit]}): run i answers from answers[i] when it asks for the same argv and env;
/// quiz (optional, for the quiz check): {quiz, answers, tries}, the texts of the judge's /in/quiz.json (the sealed quiz),
/// /in/quiz_answers.json and /in/quiz_tries.json (web/judge/browser_quiz.h); none: the check finds no quiz;
/// trainer (optional, for the trainer check): the text of /in/trainer_progress.json, the page's progress
/// (web/judge/browser_trainer.h); none: no progress kept.
/// Returns {status (grader check's exit status), text (the report as grader check prints it), json (its --json object),
/// runs ([{argv, env, ms, status, signal, trap, record, output}] in the order the checks asked), log}.
export function judge({ judgeModule, child, courseJson, lesson, displayFile, source, build, seed, run, onRun, onRan, replay, quiz = null,
                       trainer = null }) {
  const inputs = [...buildInputs(courseJson, build, displayFile, source), ...quizInputs(quiz),
                  ...(typeof trainer === 'string' ? [['trainer_progress.json', new File(encoder.encode(trainer))]] : [])];
  const args = ['judge', lesson, displayFile, ...(seed === undefined ? [] : [String(seed)])];
  const r = runJudge({ judgeModule, args, inputs, child, run, onRun, onRan, replay });
  if (r.trapped) return { status: 3, text: '', json: null, runs: r.runs, log: r.log };
  const jsonText = r.file('report.json');
  return { status: r.status, text: r.file('report.txt'), json: jsonText ? JSON.parse(jsonText) : null, runs: r.runs, log: r.log };
}

/// The tile map of the built file as `grader tilemap LESSON FILE --json` gives it (`judge tilemap`,
/// web/judge/browser_tilemap.h): block 0,0, every phase. Takes judge()'s arguments but seed, quiz and trainer, and
/// firstRun: the number of its first run (after a Check's runs, in the same Worker and replay).
/// Returns {status (grader tilemap's exit status; 3: the judge's trouble), json (the line it prints, newline
/// included; '' when none), error (what it prints on stderr; '' when none), runs, log}.
export function judgeTilemap({ judgeModule, child, courseJson, lesson, displayFile, source, build, run, onRun, onRan, replay, firstRun = 0 }) {
  const r = runJudge({ judgeModule, args: ['judge', 'tilemap', lesson, displayFile], inputs: buildInputs(courseJson, build, displayFile, source),
                       child, run, onRun, onRan, replay, firstRun });
  return { status: r.status, json: r.file('tilemap.json'), error: r.file('tilemap_error.txt'), runs: r.runs, log: r.log };
}
