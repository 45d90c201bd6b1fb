#!/usr/bin/env bash
# Each fuzz target (tests/fuzz/) for SECONDS (default 600), one after another
# and niced, starting from its seed corpus (read, never written: what it
# finds goes to WORK/<target>/), with a 10 s limit per input. Prints one row
# per target: executions, executions per second, coverage (cov: code edges,
# ft: features, from libFuzzer's final status line), the inputs it kept,
# crashes (and their sanitizer reports), inputs over 10 s, out-of-memory inputs, and
# the peak memory; the artifacts (crash-*, timeout-*, oom-*, leak-*) stay in
# WORK/<target>/artifacts/. Exit 1 when any target had a crash, a report or a hang.
# Build the targets first: cmake --preset asan && cmake --build --preset fuzz
# Usage: bench/fuzz_all.sh [SECONDS] [BUILD_DIR] [WORK] [TARGET...]   (BUILD_DIR default build-asan)
set -euo pipefail
kit=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600} build=$(realpath "${2:-$kit/build-asan}") work=$(realpath -m "${3:-$kit/build-asan/fuzz-bench}")
shift $(($# < 3 ? $# : 3))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for source in "$kit"/tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "$source" .cpp | sed 's/^fuzz_//')"); done
fi
mkdir -p "$work"
printf '%-17s %7s %10s %8s %6s %7s %7s %7s %7s %9s %5s %7s\n' target seconds execs exec/s cov ft corpus crashes reports 'hangs>10s' ooms peak_MB
status=0
for target in "${targets[@]}"; do
  binary=$build/tests/fuzz/fuzz_$target
  [ -x "$binary" ] || { echo "$binary is not built (cmake --preset asan && cmake --build --preset fuzz)"; exit 2; }
  rm -rf "$work/$target" && mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
  log=$work/$target/fuzz.log
  seeds=("$kit/tests/fuzz/corpus/$target")  # and the kit's folders corpus/TARGET.seeds names
  if [ -f "$kit/tests/fuzz/corpus/$target.seeds" ]; then
    while read -r folder; do seeds+=("$kit/$folder"); done < <(grep -v '^#' "$kit/tests/fuzz/corpus/$target.seeds")
  fi
  start=$(date +%s)
  nice -n 10 "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="$work/$target/artifacts/" "$work/$target/corpus" "${seeds[@]}" >"$log" 2>&1 || true
  elapsed=$(($(date +%s) - start))
  last=$(grep -E '^#[0-9]+' "$log" | grep -E 'cov: ' | tail -1)
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -1)
  rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -1)
  peak=$(sed -nE 's/^stat::peak_rss_mb: *([0-9]+).*/\1/p' "$log" | tail -1)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
  corpus=$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<<"$last")
  crashes=$(find "$work/$target/artifacts" -name 'crash-*' -o -name 'leak-*' | wc -l)
  reports=$(grep -cE '^SUMMARY: [A-Za-z]+Sanitizer' "$log" || true)
  hangs=$(find "$work/$target/artifacts" -name 'timeout-*' | wc -l)
  ooms=$(find "$work/$target/artifacts" -name 'oom-*' | wc -l)
  printf '%-17s %7s %10s %8s %6s %7s %7s %7s %7s %9s %5s %7s\n' "$target" "$elapsed" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "${corpus:-?}" "$crashes" "$reports" "$hangs" "$ooms" "${peak:-?}"
  if [ $((crashes + reports + hangs + ooms)) -gt 0 ]; then status=1; fi
done
echo "(crashes: crash and leak artifacts; reports: sanitizer summaries; logs and artifacts in $work/<target>/)"
exit $status
