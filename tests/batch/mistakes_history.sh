#!/usr/bin/env bash
# Mistakes by cause across submissions: grace of the sample class hands in
# lesson 3 without the barrier after the compute; the batch's mistakes.csv
# counts her under barrier.missing-after-compute. She hands in again with
# the barrier: the rerun keeps her first result in history/, and the cause
# now counts no student and one fixed later. A rerun with nothing new moves
# nothing. report.html shows the section. A class whose every file is empty
# gets a report that says no file was graded, never a crash.
# Usage: mistakes_history.sh GRADER COURSE CLASS_FOLDER
set -uo pipefail
grader=$(realpath "$1") course=$(realpath "$2") class=$(realpath "$3")
export NO_COLOR=1
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/class" && cp -r "$class/grace" "$work/class/" || fail "no grace in $class"
batch() { "$grader" batch "$work/class" --out "$work/results" --course "$course" > "$work/batch.log" 2>&1 || { cat "$work/batch.log"; fail "grader batch failed"; }; }
row() { grep "^lesson3,$1," "$work/results/mistakes.csv"; }

batch
head -1 "$work/results/mistakes.csv" | grep -q '^lesson,code,students,graded,share,fixed_later,cause,section,example,student_ids' ||
  fail "mistakes.csv has no header: $(head -1 "$work/results/mistakes.csv")"
first=$(row barrier.missing-after-compute) || fail "no barrier.missing-after-compute row: $(cat "$work/results/mistakes.csv")"
echo "first: $first"
[[ $first == lesson3,barrier.missing-after-compute,1,1,100%,,* ]] || fail "grace's missing barrier is not counted once, without history: $first"
[[ $first == *'lessons/03-phase-loop/README.md, ""Two barriers""'* ]] || fail "the row does not name the lesson's section: $first"
[[ $first == *grace* ]] || fail "the row does not list grace: $first"
[[ $first != *'grace/'* && $first != *Rerun* ]] || fail "the example names her file's path or its rerun command: $first"
grep -q 'Mistakes by cause' "$work/results/report.html" || fail "report.html has no mistakes section"
[ ! -e "$work/results/history" ] || fail "a first run keeps a history"

sed -n '1,200p' "$class/ada/03-phase-loop/matmul_tiled.cu" > "$work/class/grace/matmul_tiled.cu" || fail "no ada's lesson 3"
batch
ls "$work/results/history/grace/"*.json > /dev/null 2>&1 || fail "the earlier submission was not kept in history/grace/"
fixed=$(row barrier.missing-after-compute) || fail "the fixed cause has no row: $(cat "$work/results/mistakes.csv")"
echo "after the fix: $fixed"
[[ $fixed == lesson3,barrier.missing-after-compute,0,1,0%,1,* ]] || fail "the fix is not counted as fixed later: $fixed"

kept=$(ls "$work/results/history/grace" | wc -l)
batch
[ "$(ls "$work/results/history/grace" | wc -l)" = "$kept" ] || fail "a rerun with nothing new changed the history"

# A class whose every file is empty.
rm -rf "$work/class" "$work/results" && mkdir -p "$work/class/nobody"
for f in matmul_naive.cu tile_loading.cu matmul_tiled.cu speedup.cu; do : > "$work/class/nobody/$f"; done
"$grader" batch "$work/class" --out "$work/results" --course "$course" > "$work/batch.log" 2>&1
[ -s "$work/results/report.html" ] || { cat "$work/batch.log"; fail "no report for a class of empty files"; }
grep -q 'Mistakes by cause' "$work/results/report.html" || fail "the empty class's report has no mistakes section"
echo "mistakes by cause: counted, fixed later across submissions, history kept once per submission"
