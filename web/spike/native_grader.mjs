// The native grader as the differential scripts run it beside the page's
// code (compare_quiz.mjs, compare_trainer.mjs): in a folder of its own, on
// the kit's course, its printed command made the kit's ("grader ..."), as
// the browser's judge prints it; and the lines of one check in its text report.
// Non-goal: the page's side (each script runs it).
import { realpathSync } from 'node:fs';
import { relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('../../', import.meta.url).pathname;

/// The grader at `grader`: run(dir, args, input) -> {status, out (its command made "grader"), err}.
export function nativeGrader(grader) {
  const graderPath = realpathSync(grader);  // as the grader finds itself (/proc/self/exe)
  const normal = (text) => text.replaceAll(graderPath, 'grader').replaceAll(relative(root, graderPath), 'grader');
  return {
    run(dir, args, input = '') {
      const r = spawnSync(grader, ['--course', root + 'course.yaml', ...args], { cwd: dir, encoding: 'utf8', input });
      return { status: r.status, out: normal(r.stdout), err: r.stderr };
    },
  };
}

/// The lines of `check`'s part of a `grader check` text report (its line and the indented lines after it).
export function checkLines(text, check) {
  const lines = text.split('\n'), start = lines.findIndex((l) => new RegExp(`^  ${check} `).test(l));
  if (start < 0) return '';
  let end = start + 1;
  while (end < lines.length && /^ {6,}\S/.test(lines[end])) end++;
  return lines.slice(start, end).join('\n');
}
