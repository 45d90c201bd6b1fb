#!/usr/bin/env bash
# Every command the grader prints for a student to paste ("Rerun: ...",
# "The questions: ...", "Write a blank one: ...", "See ...: ...") runs from
# the kit's root, also for a file in a folder whose name has a space: the
# grader's path is printed as it can be typed there, and every word is
# shell-quoted. A command counts as run when it ends with a verdict (exit 0
# or 1), not with a usage error or "command not found". Both the grader and
# the commands it prints run under COURSE (the reference course: a command
# printed for one course may name a check another course lacks).
# Usage: tests/printed_commands.sh GRADER KIT_ROOT COURSE
set -u
grader=$1 kit=$2 course=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
folder="$work/a student's folder"
mkdir -p "$folder"
cd "$kit" || exit 2
export NO_COLOR=1
# The last field names the starter whose blank quiz answers go beside the
# file; an empty one leaves them out (the quiz then prints how to write them).
cases=(lesson1:tests/kernels/lesson1/missing_bounds_guard.cu:01-naive-kernel
       lesson3:tests/kernels/lesson3/missing_second_barrier.cu:03-phase-loop
       lesson3:tests/golden/kernels/global_in_k_loop.cu:03-phase-loop
       lesson3:tests/kernels/lesson3/phase_offset_without_tile.cu:03-phase-loop
       lesson2:tests/kernels/lesson2/transposed_tile_load.cu:02-tile-loading
       lesson1:tests/kernels/lesson1/missing_bounds_guard.cu:)
ran=0 failed=0
for c in "${cases[@]}"; do
  IFS=: read -r lesson source starter <<<"$c"
  rm -f "$folder"/*
  cp "$source" "$folder/"
  [ -z "$starter" ] || cp "starter/$starter/quiz_answers.yaml" "$folder/"  # blank answers: the quiz prints its command
  output=$("$(realpath "$grader")" check "$lesson" "$folder/$(basename "$source")" --course "$course" 2>&1)
  while IFS= read -r command; do
    [ -n "$command" ] || continue
    bash -c "$command --course '$course'" >/dev/null 2>&1
    status=$?
    ran=$((ran + 1))
    if [ "$status" -gt 1 ]; then
      echo "FAILED (exit $status): $command"
      failed=$((failed + 1))
    else
      echo "ran (exit $status): $command"
    fi
  done < <(grep -oE "(Rerun|The questions|Every question with its hint|Write a blank one|See [^:]*): .*$" <<<"$output" | sed -E 's/^[^:]*: //')
done
echo "$ran printed commands run, $failed failed"
[ "$ran" -ge 6 ] && [ "$failed" -eq 0 ]
