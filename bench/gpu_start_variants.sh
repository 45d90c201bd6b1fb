#!/usr/bin/env bash
# Which part of a GPU child's start is serialized on a device, and whether a
# setting of the CUDA driver or of compute-sanitizer makes it cheaper. K
# copies of a process are started at once and the group's wall time is
# printed per child:
#   - bench/probes/context_phases.cu (cuInit, the context, a first launch;
#     each child prints its phases, and the median and largest are shown);
#   - lesson 2's child as the grader builds it (matmul n=16), plainly and
#     under compute-sanitizer synccheck and racecheck at n=64 as the barriers
#     check runs them;
# each with the driver's defaults and with CUDA_DEVICE_MAX_CONNECTIONS=1 and
# CUDA_MODULE_LOADING=EAGER. Then, all with CUDA_DEVICE_MAX_CONNECTIONS=1, K
# and 1 at once: racecheck as the barriers check runs it in a class (its
# analysis threads capped: --racecheck-num-workers 1, what the batch gives
# each of 16 graders on 16 cores) beside racecheck's default; lesson 2's six
# correctness runs (n = 1024 and 1040, phases 0, 1 and the last) in one
# plain child; and those six with the n=64 run in one child under synccheck
# (what a file would cost if its plain runs went under synccheck). It
# changes nothing outside OUT_FOLDER.
# Exit status: 0, or 77 (skipped) without a CUDA device and nvcc.
# Usage: bench/gpu_start_variants.sh [GRADER] [OUT_FOLDER] [K]   (from the kit's folder)
set -u
grader=$(realpath "${1:-build/grader/grader}")
out=$(realpath -m "${2:-$(mktemp -d)}")
k=${3:-16}
export NO_COLOR=1 GRADER_CACHE_DIR=$out/cache
mkdir -p "$out"
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson2 solutions/02-tile-loading/tile_loading.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "gpu_start_variants: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
child=$(ls -d "$GRADER_CACHE_DIR"/gpu-lesson2-*/child | head -1)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
sanitizer=$(dirname "$nvcc")/compute-sanitizer
"$nvcc" -O2 -arch=native -o "$out/context_phases" bench/probes/context_phases.cu || exit 1
echo "persistence mode: $(nvidia-smi --query-gpu=persistence_mode --format=csv,noheader 2>&1); compute mode: $(nvidia-smi --query-gpu=compute_mode --format=csv,noheader 2>&1)"

group() {  # LABEL ENV COMMAND... : K copies at once with ENV (VAR=VALUE or -), the group's seconds per child
  local label=$1 env=$2; shift 2
  local start=$(date +%s.%N) failed=0 pid pids=()
  for ((i = 0; i < k; i++)); do
    if [ "$env" = - ]; then "$@" > "$out/out.$i" 2>&1 & else env "$env" "$@" > "$out/out.$i" 2>&1 & fi
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
  python3 - "$start" "$(date +%s.%N)" "$k" "$label ($env)" "$failed" "$out" <<'PY'
import sys, glob
start, end, k, label, failed, out = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
line = f"{label:<48} K={k:<3} {end - start:6.2f} s, {(end - start) / k:5.3f} s per child, {failed} failed"
phases = []
for name in glob.glob(out + "/out.*"):
    parts = open(name).read().split()
    if len(parts) == 4 and parts[3] == "ok": phases.append([float(x) for x in parts[:3]])
if phases:
    cols = list(zip(*phases))
    med = lambda xs: sorted(xs)[len(xs) // 2]
    line += "; init/context/launch median " + "/".join(f"{med(c):.3f}" for c in cols) + " s, largest " + "/".join(f"{max(c):.3f}" for c in cols)
print(line, flush=True)
PY
}

for env in - CUDA_DEVICE_MAX_CONNECTIONS=1 CUDA_MODULE_LOADING=EAGER; do
  group "context probe" "$env" "$out/context_phases"
  group "lesson 2 child, n=16" "$env" "$child" "$out/rec" matmul 16 0 1
  group "synccheck, n=64" "$env" "$sanitizer" --tool synccheck --print-limit 100 "$child" "$out/rec" matmul 64 0 1
  group "racecheck, n=64" "$env" "$sanitizer" --tool racecheck --print-limit 100 --racecheck-report hazard "$child" "$out/rec" matmul 64 0 1
done
k=1 group "context probe, alone" - "$out/context_phases"
cases="matmul:1024:0 matmul:1040:0 matmul:1024:1 matmul:1040:1 matmul:1024:63 matmul:1040:64"
for at_once in "$k" 1; do
  k=$at_once group "racecheck, n=64" CUDA_DEVICE_MAX_CONNECTIONS=1 "$sanitizer" --tool racecheck --print-limit 100 --racecheck-report hazard "$child" "$out/rec" matmul 64 0 1
  k=$at_once group "racecheck, n=64, 1 analysis thread" CUDA_DEVICE_MAX_CONNECTIONS=1 "$sanitizer" --tool racecheck --print-limit 100 --racecheck-report hazard --racecheck-num-workers 1 "$child" "$out/rec" matmul 64 0 1
  k=$at_once group "lesson 2's six correctness runs" CUDA_DEVICE_MAX_CONNECTIONS=1 "$child" "$out/rec" cases 0 0 1 $cases
  k=$at_once group "synccheck, n=64 and the six runs" CUDA_DEVICE_MAX_CONNECTIONS=1 "$sanitizer" --tool synccheck --print-limit 100 "$child" "$out/rec" cases 0 0 1 matmul:64:0 $cases
done
