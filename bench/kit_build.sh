#!/usr/bin/env bash
# How long a student and an instructor wait for the kit, printed as figures
# (not a pass/fail test). Builds run without ccache, on CORES cores
# (taskset; default 2, the machine CI and most laptops of a class have):
#  1. the student kit: `grader export-student`, then the README's
#     `cmake --preset default && cmake --build --preset default` from a clean
#     folder (target: 3 min on 2 cores);
#  2. the first check after an edit, in that kit: lesson 1's starter with a
#     line added, `grader check lesson1` whole and its compile alone, the
#     median of 3 edits (target: 1 s);
#  3. the README's main job from a fresh clone of this kit: configure, build,
#     `grader batch examples/class` (target: 4 min with the packages; with
#     --packages, `apt-get install --reinstall` of the main job's packages is
#     timed too: root and a Debian mirror needed).
# Usage: bench/kit_build.sh GRADER [CORES] [--packages]   (GRADER: a built instructor grader, e.g. build/grader/grader)
set -uo pipefail
kit=$(cd "$(dirname "$0")/.." && pwd)
grader=$(realpath "${1:?usage: bench/kit_build.sh GRADER [CORES] [--packages]}")
cores=${2:-2} packages=${3:-}
cpus=$(seq -s, 0 $((cores - 1)))
work=$(mktemp -d)
chmod 755 "$work"  # the batch sandbox runs student code as another user, who must reach the clone
trap 'rm -rf "$work"' EXIT
export CCACHE_DISABLE=1 CMAKE_CXX_COMPILER_LAUNCHER= CMAKE_C_COMPILER_LAUNCHER=
seconds() { awk "BEGIN {printf \"%.2f\", $2 - $1}"; }
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "== 1. the student kit, built from a clean folder on $cores core(s) (taskset -c $cpus)"
"$grader" export-student "$work/student-kit" --course "$kit/course.yaml" > "$work/export.log" 2>&1 || { cat "$work/export.log"; exit 1; }
cd "$work/student-kit"
t0=$(now)
taskset -c "$cpus" cmake --preset default > "$work/student-configure.log" 2>&1 || { tail "$work/student-configure.log"; exit 1; }
t1=$(now)
taskset -c "$cpus" cmake --build --preset default > "$work/student-build.log" 2>&1 || { tail "$work/student-build.log"; exit 1; }
t2=$(now)
steps=$(grep -c '^\[' "$work/student-build.log")
echo "configure $(seconds "$t0" "$t1") s, build $(seconds "$t1" "$t2") s ($steps build steps), total $(seconds "$t0" "$t2") s (target 180 s)"
grep -q 'batch' <(build/grader/grader --help) && echo "note: this grader lists the instructor's verbs"

echo "== 2. the first check after an edit (lesson 1's starter, a line added; median of 3)"
starter=$(build/grader/grader list --json | python3 -c 'import json,sys; l=json.load(sys.stdin)["lessons"][0]; print("starter/"+l["folder"]+"/"+l["student_file"])')
whole=() compile=()
for i in 1 2 3; do
  echo "// edit $i $$" >> "$starter"
  t0=$(now); taskset -c "$cpus" build/grader/grader check lesson1 "$starter" --backend cpu --check compile > /dev/null 2>&1; t1=$(now)
  compile+=("$(seconds "$t0" "$t1")")
  echo "// edit $i again $$" >> "$starter"
  t0=$(now); taskset -c "$cpus" build/grader/grader check lesson1 "$starter" --backend cpu > /dev/null 2>&1; t1=$(now)
  whole+=("$(seconds "$t0" "$t1")")
done
echo "whole check: $(printf '%s\n' "${whole[@]}" | median) s (runs: ${whole[*]}); compile alone: $(printf '%s\n' "${compile[@]}" | median) s (runs: ${compile[*]}) (target 1 s)"

echo "== 3. the README's main job from a fresh clone on $cores core(s)"
if [ "$packages" = "--packages" ]; then
  mapfile -t list < <(sed -n '/^packages=(/,/^)/p' "$kit/scripts/install-deps.sh" | sed -e '1d;$d' -e 's/#.*//' | tr -s ' \t' '\n' | sed '/^$/d')
  t0=$(now)
  DEBIAN_FRONTEND=noninteractive apt-get install -y --reinstall --no-install-recommends "${list[@]}" > "$work/apt.log" 2>&1 || { tail "$work/apt.log"; exit 1; }
  t1=$(now)
  echo "packages: apt-get install --reinstall of ${#list[@]} packages: $(seconds "$t0" "$t1") s"
fi
git clone -q "$kit" "$work/clone"
cd "$work/clone"
t0=$(now)
taskset -c "$cpus" cmake --preset default > "$work/main-configure.log" 2>&1 || { tail "$work/main-configure.log"; exit 1; }
taskset -c "$cpus" cmake --build --preset default > "$work/main-build.log" 2>&1 || { tail "$work/main-build.log"; exit 1; }
t1=$(now)
taskset -c "$cpus" build/grader/grader batch examples/class --out results > "$work/batch.log" 2>&1
status=$?
t2=$(now)
echo "configure and build $(seconds "$t0" "$t1") s, batch $(seconds "$t1" "$t2") s (exit $status: $(tail -1 "$work/batch.log")), total $(seconds "$t0" "$t2") s (target 240 s with the packages)"
