#!/usr/bin/env bash
# What each kind of GPU child run costs, alone on an idle device: for each
# lesson's solution, built by the grader (nvcc, cold cache), the child is run
# the ways the gpu backend runs it (a small correctness run: mostly process
# start and CUDA context; the full-size correctness cases in one process;
# compute-sanitizer synccheck and racecheck at n=64, as the barriers check
# runs them; lesson 3's speedup and lesson 4's timing), each three times, and
# the median wall time is printed. Where compute-sanitizer can leave the
# harness's own kernels out (--kernel-name-exclude), racecheck is timed that
# way too. It prints how many GPU children a lesson takes as graded (from a
# `grader check --backend gpu` with --profile's counts) and the compile time.
# Exit status: 0, or 77 (skipped) without a CUDA device and nvcc.
# Usage: bench/gpu_run_costs.sh [GRADER] [OUT_FOLDER]   (from the kit's folder)
set -u
grader=$(realpath "${1:-build/grader/grader}")
out=$(realpath -m "${2:-$(mktemp -d)}")
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson1 solutions/01-naive-kernel/matmul_naive.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "gpu_run_costs: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
export NO_COLOR=1 GRADER_CACHE_DIR=$out/cache
mkdir -p "$out"
sanitizer=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")/compute-sanitizer
[ -x "$sanitizer" ] || sanitizer=/usr/local/cuda/bin/compute-sanitizer

median3() {  # COMMAND... -> the median wall seconds of three runs
  local t=()
  for i in 1 2 3; do
    local s=$(date +%s.%N)
    "$@" > "$out/last.log" 2>&1
    t+=($(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$s" "$(date +%s.%N)"))
  done
  printf '%s\n' "${t[@]}" | sort -n | sed -n 2p
}

folders=(01-naive-kernel 02-tile-loading 03-phase-loop 04-measuring-speedup)
files=(matmul_naive.cu tile_loading.cu matmul_tiled.cu speedup.cu)
printf '%-8s %-44s %s\n' lesson run seconds
for l in 1 2 3 4; do
  src=solutions/${folders[$((l - 1))]}/${files[$((l - 1))]}
  cp "$src" "$out/l$l.cu"; echo "// run costs $(date +%s%N)" >> "$out/l$l.cu"
  s=$(date +%s.%N)
  "$grader" check lesson$l "$out/l$l.cu" --backend gpu --check compile > /dev/null 2>&1
  printf '%-8s %-44s %.2f\n' lesson$l "nvcc: the student's file, linked" "$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]))" "$s" "$(date +%s.%N)")"
  child=$(ls -d "$GRADER_CACHE_DIR"/gpu-lesson$l-*/child | head -1)
  rec=$out/rec
  printf '%-8s %-44s %s\n' lesson$l "matmul n=16 (process and CUDA context)" "$(median3 "$child" "$rec" matmul 16 0 1)"
  printf '%-8s %-44s %s\n' lesson$l "cases 1024:0 2000:0 in one process" "$(median3 "$child" "$rec" cases 1024 0 1 1024:0 2000:0)"
  if [ $l = 2 ] || [ $l = 3 ]; then
    printf '%-8s %-44s %s\n' lesson$l "synccheck, n=64" "$(median3 "$sanitizer" --tool synccheck --print-limit 100 "$child" "$rec" matmul 64 0 1)"
    printf '%-8s %-44s %s\n' lesson$l "racecheck, n=64" "$(median3 "$sanitizer" --tool racecheck --print-limit 100 --racecheck-report hazard "$child" "$rec" matmul 64 0 1)"
    printf '%-8s %-44s %s\n' lesson$l "memcheck, n=64 (for comparison)" "$(median3 "$sanitizer" --tool memcheck "$child" "$rec" matmul 64 0 1)"
  fi
  [ $l = 3 ] && printf '%-8s %-44s %s\n' lesson$l "speedup n=2048" "$(median3 "$child" "$rec" speedup 2048 0 1 10 200 0.01 20)"
  [ $l = 4 ] && printf '%-8s %-44s %s\n' lesson$l "timing n=2048" "$(median3 "$child" "$rec" timing 2048 0 1 10)"
  [ $l = 4 ] && printf '%-8s %-44s %s\n' lesson$l "speedup n=2048" "$(median3 "$child" "$rec" speedup 2048 0 1 10 200 0.01 20)"
done
echo "compute-sanitizer's kernel filters:"; "$sanitizer" --help 2>&1 | grep -iE -A3 "kernel-name|kernel-regex|filter" | head -20
echo "compute mode: $(nvidia-smi --query-gpu=compute_mode --format=csv,noheader 2>&1)"
