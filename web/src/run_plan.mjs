// The runs of a lesson's Check on the cpu emulator, read from the course's
// lesson entry (course.yaml) as the grader's checks make them
// (grader/checks/correctness.cpp, timing.cpp, grade.cpp's singleCaseRequest):
// each run is the harness's argv after the record path (MODE N PHASE SEED
// EXTRA...) and the check's time limit. Runs that several checks share (the
// barriers and traffic runs are correctness runs of the same case) appear once.
// Used at build time (build.mjs writes the plan into the page) and by
// spike/lesson_records.mjs. Non-goals: judging; gpu-only checks (speedup).

const TILE = 16;  // the kit's tile (course.yaml's course.tile; the harness is built with it)
const DEFAULT_TIME_LIMIT_S = 20;  // a check's time_limit_s when course.yaml gives none (grader/core/course.h)

/// The lesson number of a course.yaml lesson id ("lesson3" -> 3).
export function lessonNumber(lesson) {
  return Number(/(\d+)$/.exec(lesson.id)[1]);
}

/// The emulator runs of `lesson` (a course.yaml lesson entry): [{mode, n, phase, extra, timeLimitS}].
export function runPlan(lesson) {
  const number = lessonNumber(lesson);
  const found = (name) => lesson.checks.find((c) => c.name === name);
  const check = (name) => found(name) && { time_limit_s: DEFAULT_TIME_LIMIT_S, ...found(name) };
  const runs = [];
  const add = (run) => {
    const same = runs.find((r) => r.mode === run.mode && r.n === run.n && r.phase === run.phase && r.extra.join() === run.extra.join());
    if (same) same.timeLimitS = Math.max(same.timeLimitS, run.timeLimitS);
    else runs.push(run);
  };
  const correctness = check('correctness');
  if (correctness && number === 4) {
    const sizes = correctness.cpu_sizes;
    add({ mode: 'gflops', n: sizes[0], phase: 0, extra: sizes.map(String), timeLimitS: correctness.time_limit_s });
  } else if (correctness) {
    for (const n of correctness.cpu_sizes) {
      const phases = new Set();
      for (const p of number === 2 ? (correctness.phases ?? [0]) : [0]) {
        const phase = p < 0 ? Math.trunc(n / TILE) + p : p;
        if (phase >= 0 && phase < Math.max(1, Math.trunc(n / TILE))) phases.add(phase);
      }
      for (const phase of [...phases].sort((a, b) => a - b)) add({ mode: 'matmul', n, phase, extra: [], timeLimitS: correctness.time_limit_s });
    }
  }
  for (const name of ['barriers', 'traffic']) {
    const c = check(name);
    if (!c || number === 4) continue;
    const n = c.cpu_size ?? (name === 'barriers' ? 32 : 64);
    add({ mode: 'matmul', n, phase: number === 2 && Math.trunc(n / TILE) > 1 ? 1 : 0, extra: [], timeLimitS: c.time_limit_s });
  }
  const timing = check('timing');
  if (timing) add({ mode: 'timing', n: timing.cpu_size ?? 64, phase: 0, extra: [String(timing.reps ?? 10)], timeLimitS: timing.time_limit_s });
  return runs;
}
