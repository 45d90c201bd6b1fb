#!/usr/bin/env bash
# Damaged input of every kind (tests/batch/damaged/make_damaged.py writes
# it): truncated and corrupt archives of each format, names that are not
# UTF-8, a 0-byte and a 2 GB (sparse) upload, lesson files that are empty,
# 2 GB, a PDF, UTF-16 or Windows-1251, beside two sound submissions; a
# Gradescope export whose metadata has values of the wrong types; rosters
# without the name column or with an id twice. `grader batch` (cpu backend,
# sandboxed) must finish with exit 0 or 1, never a signal, with one row per
# entry and one line per entry naming it and its damage, the same on a
# rerun; the lines, the gradebooks and the roster errors must equal the
# golden ones (tests/batch/damaged/golden/; GOLDEN_UPDATE=1 rewrites them).
# Exits 77 (CTest: skipped) without python3 (scripts/install-deps.sh --tests installs it).
# Usage: damaged_class.sh GRADER KIT WORKDIR
set -euo pipefail
grader=$1 kit=$2 work=$3
here=$(dirname "$(realpath "$0")")/damaged
command -v python3 >/dev/null || { echo "skipped: python3 is not installed (apt-get install python3)"; exit 77; }
export NO_COLOR=1
rm -rf "$work" && mkdir -p "$work"
cd "$kit"
golden() {  # golden NAME FILE: FILE equals damaged/golden/NAME
  if [ -n "${GOLDEN_UPDATE:-}" ]; then mkdir -p "$here/golden" && cp "$2" "$here/golden/$1"; fi
  cmp -s "$2" "$here/golden/$1" || { echo "$2 differs from tests/batch/damaged/golden/$1:"; diff "$here/golden/$1" "$2" || true; exit 1; }
}
batch() {  # batch NAME ARGS...: grades, keeps the output in $work/NAME.out, and returns the exit status, which must not be a signal's
  local status=0
  "$grader" batch "$@" --course tests/batch/course.yaml --backend cpu -j 2 >"$work/$name.out" 2>&1 || status=$?
  cat "$work/$name.out"
  if [ "$status" -gt 1 ]; then echo "grader batch $* ended with $status (0 or 1 expected)"; exit 1; fi
  return 0
}
lines() {  # the line of each entry graded this run, without its count and time, in id order
  sed -nE 's/^\[[0-9]+\/[0-9]+\] (.*) \([0-9hms]+\)$/\1/p' "$1" | LC_ALL=C sort
}

python3 "$here/make_damaged.py" "$kit" "$work/downloads"
entries=$(ls "$work/downloads/class" | wc -l)
for run in first rerun; do
  name=class-$run
  batch "$work/downloads/class" --out "$work/class"
  rows=$(($(wc -l <"$work/class/gradebook.csv") - 1))
  [ "$rows" -eq "$entries" ] || { echo "$entries entries but $rows rows in the gradebook"; exit 1; }
  grep -qE "^$entries entries: " "$work/$name.out" || { echo "the summary does not count $entries entries"; exit 1; }
done
lines "$work/class-first.out" >"$work/class-lines.txt"
[ "$(wc -l <"$work/class-lines.txt")" -eq "$entries" ] || { echo "not one line per entry:"; cat "$work/class-lines.txt"; exit 1; }
golden class_lines.txt "$work/class-lines.txt"
golden class_gradebook.csv "$work/class/gradebook.csv"
grep -qE "^$entries entries: .*this run: 0 done now, $entries up to date" "$work/class-rerun.out" ||
  { echo "the rerun graded again what was up to date"; exit 1; }

name=gradescope
batch "$work/downloads/gradescope" --out "$work/gradescope"
grep -E '^(note: |layout: |[0-9]+ entries: )' "$work/gradescope.out" | sed -E 's/, [0-9hms]+\)$/)/' >"$work/gradescope-summary.txt"
golden gradescope_summary.txt "$work/gradescope-summary.txt"
golden gradescope_gradebook.csv "$work/gradescope/gradebook.csv"

for roster in roster_no_name roster_duplicate_ids; do
  status=0
  "$grader" batch "$work/downloads/class" --out "$work/class" --course tests/batch/course.yaml --roster "$work/downloads/$roster.csv" \
    >"$work/$roster.out" 2>&1 || status=$?
  [ "$status" -eq 2 ] || { echo "--roster $roster.csv: exit $status, 2 expected"; cat "$work/$roster.out"; exit 1; }
  sed "s|$work/downloads/||g" "$work/$roster.out" >"$work/$roster.txt"
  golden "$roster.txt" "$work/$roster.txt"
done
echo "every damaged entry has its row and its line; the rerun kept them"
