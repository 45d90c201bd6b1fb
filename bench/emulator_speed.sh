#!/usr/bin/env bash
# Speed of the cpu emulator, printed as figures (not a pass/fail test):
#  1. the lesson-3 solution emulated at n = 32 .. 256 on one core (the
#     kernel launch alone, and the whole child process), median of RUNS;
#  2. a whole `grader check lesson3`, compilation included, cold and cached;
#  3. the cost of shared-memory hazard tracking (CUEMU_TRACKING=off leaves
#     the hooks nothing to watch);
#  4. the same tiled kernel on numba's CUDA simulator (python3-numba), and
#     the ratio, both pinned to one core, measured in alternating rounds.
#     Kernel figures are CPU seconds (both sides), so a busy machine does
#     not skew them; the process column is wall time;
#  5. with BASE (another build folder, e.g. of the last release): the same
#     launches of both builds' children in alternating runs, hazard tracking
#     on and off, and the ratio of the medians.
# Usage: bench/emulator_speed.sh [BUILD] [RUNS] [BASE]   (from the kit's folder)
set -u
build=${1:-build} runs=${2:-5} base=${3:-}
grader=$build/grader/grader
solution=solutions/03-phase-loop/matmul_tiled.cu
[ -f "$solution" ] || { echo "needs $solution (the instructor kit)"; exit 2; }
cache=$(mktemp -d)  # a private build cache: the child below is the solution's, no other
GRADER_CACHE_DIR=$cache "$grader" check lesson3 "$solution" --backend cpu --check compile >/dev/null
child=$(ls -d "$cache"/cpu-lesson3-*/)child
record=$(mktemp)

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
calc() { awk "BEGIN {print $1}"; }  # arithmetic on decimals (awk is everywhere, bc is not)
emulate() {  # n, environment... -> "launch_ms process_ms"
  local n=$1; shift
  local launch=() process=()
  for _ in $(seq "$runs"); do
    local t0=$(date +%s.%N)
    env "$@" taskset -c 0 "$child" "$record" matmul "$n" 0 1 >/dev/null 2>&1
    local t1=$(date +%s.%N)
    launch+=("$(grep -a '^emulation cpu_ms=' "$record" | cut -d= -f2)")
    process+=("$(calc "($t1 - $t0) * 1000")")
  done
  echo "$(printf '%s\n' "${launch[@]}" | median) $(printf '%s\n' "${process[@]}" | median)"
}

echo "== 1. emulation of the lesson-3 solution on one core (median of $runs)"
printf '%-6s %-16s %-14s\n' n launch_cpu_ms process_wall_ms
declare -A launchMs
for n in 32 64 128 256; do
  read -r l p < <(emulate "$n")
  launchMs[$n]=$l
  printf '%-6s %-14s %-14.1f\n' "$n" "$l" "$p"
done

echo "== 2. a whole 'grader check lesson3' (compile + correctness at 16, 64, 128 + barriers + traffic)"
cold=$(mktemp -d)
t0=$(date +%s.%N); GRADER_CACHE_DIR=$cold "$grader" check lesson3 "$solution" --backend cpu --seed 1 >/dev/null; t1=$(date +%s.%N)
GRADER_CACHE_DIR=$cold "$grader" check lesson3 "$solution" --backend cpu --seed 2 >/dev/null; t2=$(date +%s.%N)
printf 'cold cache (compiles): %.2f s\ncached build:          %.2f s\n' "$(calc "$t1 - $t0")" "$(calc "$t2 - $t1")"
# The grader's own CPU time for a check whose compile is cached (no child runs: --check compile), target 15 ms:
# perf's task-clock over RUNS runs where perf is installed (microseconds), else bash's time (milliseconds).
cached_check=("$grader" check lesson3 "$solution" --backend cpu --check compile)
if command -v perf >/dev/null && perf stat -x, -e task-clock true 2>/dev/null; then
  own=$(GRADER_CACHE_DIR=$cold perf stat -x, -e task-clock,instructions -r "$runs" "${cached_check[@]}" 2>&1 >/dev/null |
        awk -F, '$3 == "task-clock" {ms = $1} $3 ~ /^instructions/ {ins = $1} END {printf "%.1f ms (mean of perf task-clock)%s", ms, ins ~ /^[0-9]/ ? sprintf(", %.1f million instructions", ins / 1e6) : ""}')
else
  times=()
  for _ in $(seq "$runs"); do
    times+=("$( { TIMEFORMAT='%3U %3S'; time GRADER_CACHE_DIR=$cold "${cached_check[@]}" >/dev/null; } 2>&1 | awk '{print ($1 + $2) * 1000}')")
  done
  own="$(printf '%s\n' "${times[@]}" | median) ms (median of bash's time)"
fi
printf "the grader's own CPU for a cached compile check: %s over %s runs\n" "$own" "$runs"
rm -rf "$cold"

echo "== 3. hazard tracking on and off, n=128 and n=256 (launch ms; runs alternate, so drift hits both)"
for n in 128 256; do
  on=() off=()
  for _ in $(seq "$runs"); do
    read -r l _ < <(runs=1 emulate "$n"); on+=("$l")
    read -r l _ < <(runs=1 emulate "$n" CUEMU_TRACKING=off); off+=("$l")
  done
  a=$(printf '%s\n' "${on[@]}" | median) b=$(printf '%s\n' "${off[@]}" | median)
  printf 'n=%-4s tracking on %-9s off %-9s ratio %.2fx\n' "$n" "$a" "$b" "$(calc "$a / $b")"
done

echo "== 4. numba's CUDA simulator on the same tiled kernel (CPU seconds of the launch)"
# Both sides on core 0: numba's simulator runs a Python thread per CUDA
# thread, and on one core it is at its fastest (the strictest comparison).
# This machine's speed drifts by tens of percent over minutes, so each round
# measures both sides back to back; the ratio is the median over rounds.
py=/usr/bin/python3; [ -x "$py" ] || py=python3
rounds=${NUMBA_ROUNDS:-3}
if "$py" -c "import numba" 2>/dev/null; then
  declare -A ratios
  for round in $(seq "$rounds"); do
    while read -r _ size seconds; do
      n=${size#n=}; s=${seconds#seconds=}
      read -r l _ < <(emulate "$n")
      r=$(calc "$s * 1000 / $l")
      ratios[$n]+="$r "
      printf 'round %s  n=%-4s numba %.3f s   emulator %s ms   ratio %.0fx\n' "$round" "$n" "$s" "$l" "$r"
    done < <(taskset -c 0 "$py" bench/numba_tiled.py 32 64)
  done
  for n in 32 64; do
    printf 'n=%-4s median ratio over %s rounds: %.0fx (target 500x)\n' "$n" "$rounds" \
      "$(printf '%s\n' ${ratios[$n]} | median)"
  done
  echo "numba without pinning (all cores, for reference):"
  "$py" bench/numba_tiled.py 32 64 | sed 's/^/  /'
else
  echo "python3-numba is not installed (apt-get install python3-numba): skipped"
fi
if [ -n "$base" ]; then
  echo "== 5. this build against $base (launch ms, median of $runs alternating runs each)"
  base_cache=$(mktemp -d)
  GRADER_CACHE_DIR=$base_cache "$base/grader/grader" check lesson3 "$solution" --backend cpu --check compile >/dev/null
  base_child=$(ls -d "$base_cache"/cpu-lesson3-*/)child
  for tracking in on off; do
    for n in 128 256; do
      this=() that=()
      for _ in $(seq "$runs"); do
        read -r l _ < <(runs=1 emulate "$n" CUEMU_TRACKING=$tracking); this+=("$l")
        read -r l _ < <(runs=1 child=$base_child emulate "$n" CUEMU_TRACKING=$tracking); that+=("$l")
      done
      a=$(printf '%s\n' "${this[@]}" | median) b=$(printf '%s\n' "${that[@]}" | median)
      printf 'tracking %-3s n=%-4s this %-9s base %-9s ratio %.3fx\n' "$tracking" "$n" "$a" "$b" "$(calc "$a / $b")"
    done
  done
  rm -rf "$base_cache"
fi
rm -rf "$record" "$cache"
