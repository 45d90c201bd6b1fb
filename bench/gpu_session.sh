#!/usr/bin/env bash
# The whole verification on a machine with a CUDA device, in one go: the
# solutions with every check on the gpu backend, the lesson 3 and 4 CTest
# labels, broken and tampering files, compute-sanitizer's raw reports, and
# the 10-run speedup stability table. Logs go to $OUT (default /tmp/gpu-out).
# Expects a build folder made with -DCOURSE_SUBMISSION_DIR=solutions (BUILD,
# default build-gpu), carried from the development machine if need be.
set -u
OUT=${OUT:-/tmp/gpu-out}
BUILD=${BUILD:-build-gpu}
mkdir -p "$OUT"
root=$(pwd)
# The build folder records the kit's absolute path; make it valid here.
kit=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$BUILD/CMakeCache.txt")
if [ -n "$kit" ] && [ "$kit" != "$root" ] && [ ! -e "$kit" ]; then mkdir -p "$(dirname "$kit")" && ln -s "$root" "$kit"; fi
cd "${kit:-$root}"
export PATH=/usr/local/cuda/bin:$PATH NO_COLOR=1
G=$BUILD/grader/grader
{ nvidia-smi; nvcc --version; compute-sanitizer --version; } >"$OUT/env.txt" 2>&1
solutions=(solutions/01-naive-kernel/matmul_naive.cu:lesson1 solutions/02-tile-loading/tile_loading.cu:lesson2
           solutions/03-phase-loop/matmul_tiled.cu:lesson3 solutions/04-measuring-speedup/speedup.cu:lesson4)
broken=(tests/kernels/lesson3/missing_second_barrier.cu:lesson3 tests/kernels/lesson3/missing_first_barrier.cu:lesson3
        tests/kernels/lesson3/barrier_in_if.cu:lesson3 tests/kernels/lesson2/syncthreads_in_if.cu:lesson2
        tests/kernels/lesson3/naive_submitted.cu:lesson3 tests/gpu/host_compute_tiled.cu:lesson3
        tests/gpu/cached_result_tiled.cu:lesson3 tests/kernels/lesson4/constant_timer.cu:lesson4
        tests/kernels/lesson4/no_event_synchronize.cu:lesson4 tests/kernels/lesson4/returns_total.cu:lesson4
        tests/kernels/lesson1/swapped_row_col.cu:lesson1 tests/kernels/lesson1/missing_bounds_guard.cu:lesson1)
# Compile every file once, in parallel, to fill the build cache.
start=$(date +%s)
printf '%s\n' "${solutions[@]}" "${broken[@]}" |
  xargs -P 8 -I{} sh -c 'f={}; "$0" check "${f#*:}" "${f%%:*}" --backend gpu --check compile >/dev/null' "$G"
echo "parallel nvcc builds: $(( $(date +%s) - start )) s" >>"$OUT/env.txt"

check_all() {  # FILE:LESSON... -> every check on the gpu backend, with the exit status
  for f in "$@"; do
    echo "\$ grader check ${f#*:} ${f%%:*} --backend gpu --seed 1"
    /usr/bin/time -f "(%e s)" timeout 150 "$G" check "${f#*:}" "${f%%:*}" --backend gpu --seed 1; echo "exit $?"
  done
}
check_all "${solutions[@]}" >"$OUT/solutions.txt" 2>&1

[ -n "${SKIP_STABILITY:-}" ] || {
  echo "== lesson3 solution, 10 runs"; bench/speedup_stability.sh "$G" lesson3 solutions/03-phase-loop/matmul_tiled.cu 10
  echo "== lesson3 naive kernel submitted, 10 runs"; bench/speedup_stability.sh "$G" lesson3 tests/kernels/lesson3/naive_submitted.cu 10
  echo "== lesson4 solution (the student's timer), 5 runs"; bench/speedup_stability.sh "$G" lesson4 solutions/04-measuring-speedup/speedup.cu 5
} >"$OUT/stability.txt" 2>&1

ctest --test-dir "$BUILD" -L 'lesson3|lesson4' --output-on-failure >"$OUT/ctest.txt" 2>&1

check_all "${broken[@]}" >"$OUT/broken.txt" 2>&1

{
  child=$(ls -d "$BUILD"/grader/grader-cache/gpu-lesson3-*/ | head -1)
  for d in "$BUILD"/grader/grader-cache/gpu-lesson3-*/; do
    grep -q "no barrier after the compute" "$d"/src/*.cu 2>/dev/null && child=$d
  done
  echo "== racecheck on $child"
  compute-sanitizer --tool racecheck --racecheck-report hazard --print-limit 5 "$child/child" /tmp/rec matmul 64 0 1 2>&1 | head -60
  echo "== synccheck"
  for d in "$BUILD"/grader/grader-cache/gpu-lesson3-*/; do
    grep -q "tx == 0" "$d"/src/*.cu 2>/dev/null && child=$d
  done
  compute-sanitizer --tool synccheck --print-limit 5 "$child/child" /tmp/rec matmul 64 0 1 2>&1 | head -60
} >"$OUT/sanitizer-raw.txt" 2>&1

echo done
