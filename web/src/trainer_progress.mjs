// The tile-map trainer's progress as the page keeps it: per lesson in this
// browser (saved_work.mjs's lesson data 'trainer'), in the JSON form of
// trainer_progress.yaml (grader/trainer/progress_json.h): {course_version,
// records: [{set, seed, exercises: [{kind, answers: {part: text}}]}]}, the
// answers of each exercise checked in the trainer page recorded as
// `grader trainer` records what is typed (the last answers per set, seed and
// exercise, the kinds of the ones before it filled in; an exercise once
// right keeps its right answers). progressYaml has judge.wasm write the file
// to hand in (`judge trainer-progress`), as `grader trainer` writes it.
// Works in the page and in node alike.
// Non-goals: checking answers (Check's trainer check, in the judge, draws
// the sets again); the trainer page's own record of verdicts (its localStorage).
import { File } from '@bjorn3/browser_wasi_shim';
import { runJudgeWithoutRuns } from './judge.mjs';

const encoder = new TextEncoder();
const MAX_SEED = 4294967295;

/// Whether `m` is the trainer page's answers message (grader/trainer/page/trainer.js's postAnswers).
export function isAnswersMessage(m) {
  const text = (v) => typeof v === 'string';
  return !!m && m.type === 'grader-trainer-answers' && text(m.course) && text(m.set) && Number.isInteger(m.seed) && m.seed >= 0 &&
    m.seed <= MAX_SEED && Array.isArray(m.kinds) && m.kinds.every(text) && Number.isInteger(m.index) && m.index >= 0 &&
    m.index < m.kinds.length && !!m.answers && typeof m.answers === 'object' && Object.values(m.answers).every(text);
}

/// `progress` (the JSON form, or null for none) with the answers of message `m` recorded, as `grader trainer`
/// records them; progress of another course version is dropped first, as `grader trainer` sets its file aside.
export function recordAnswers(progress, m) {
  const kept = progress?.course_version === m.course ? structuredClone(progress) : { course_version: m.course, records: [] };
  let record = kept.records.find((r) => r.set === m.set && r.seed === m.seed);
  if (!record) kept.records.push(record = { set: m.set, seed: m.seed, exercises: [] });
  while (record.exercises.length <= m.index) record.exercises.push({ kind: m.kinds[record.exercises.length], answers: {} });
  const before = record.exercises[m.index];
  const keepRight = m.wasRight && !m.right && before.kind === m.kinds[m.index] && Object.keys(before.answers).length > 0;
  if (!keepRight) record.exercises[m.index] = { kind: m.kinds[m.index], answers: { ...m.answers } };
  return kept;
}

/// The number of records of `set` in `progress` (null: none).
export function recordsOf(progress, set) {
  return (progress?.records ?? []).filter((r) => r.set === set).length;
}

/// trainer_progress.yaml for `progress` (the JSON form), as judge.wasm writes it (`judge trainer-progress`).
/// Resolves with {status (0; 3: the judge's trouble), yaml, log}.
export async function progressYaml(judgeModule, progress) {
  const r = await runJudgeWithoutRuns(judgeModule, ['judge', 'trainer-progress'],
                                      [['trainer_progress.json', new File(encoder.encode(JSON.stringify(progress)))]]);
  return { status: r.status, yaml: r.file('trainer_progress.yaml'), log: r.log };
}
