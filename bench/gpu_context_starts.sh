#!/usr/bin/env bash
# Whether GPU children start one after another on a device: K copies of a
# lesson's child (the smallest correctness run: a process, a CUDA context and
# a 16x16 product) are started at once, for K = 1, 4, 16, 64, and the wall
# time of the whole group is printed with its time per child. If starting is
# serialized in the driver, the group's time grows with K at about the
# single child's cost; if not, it stays near one child's. The same is done
# under compute-sanitizer racecheck (K = 1, 16), and, where the driver ships
# NVIDIA's Multi-Process Service (nvidia-cuda-mps-control), again with an MPS
# server of its own (private pipe and log folders), and whether racecheck
# runs under MPS at all. It changes nothing outside OUT_FOLDER and stops the
# MPS server it started.
# Exit status: 0, or 77 (skipped) without a CUDA device and nvcc.
# Usage: bench/gpu_context_starts.sh [GRADER] [OUT_FOLDER]   (from the kit's folder)
set -u
grader=$(realpath "${1:-build/grader/grader}")
out=$(realpath -m "${2:-$(mktemp -d)}")
export NO_COLOR=1 GRADER_CACHE_DIR=$out/cache
mkdir -p "$out"
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson1 solutions/01-naive-kernel/matmul_naive.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "gpu_context_starts: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
child=$(ls -d "$GRADER_CACHE_DIR"/gpu-lesson1-*/child | head -1)
sanitizer=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")/compute-sanitizer
[ -x "$sanitizer" ] || sanitizer=/usr/local/cuda/bin/compute-sanitizer

group() {  # LABEL K WRAPPER... : K children at once, under WRAPPER (may be empty)
  local label=$1 k=$2; shift 2
  local start=$(date +%s.%N) failed=0 pid pids=()
  for ((i = 0; i < k; i++)); do
    "$@" "$child" "$out/rec.$i" matmul 16 0 1 > "$out/out.$i" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
  python3 -c "import sys; w = float(sys.argv[2]) - float(sys.argv[1]); k = int(sys.argv[3]); print(f'{sys.argv[4]:<34} K={k:<3} {w:6.2f} s for the group, {w / k:5.3f} s per child, {sys.argv[5]} failed')" \
    "$start" "$(date +%s.%N)" "$k" "$label" "$failed"
}

run_all() {  # SUFFIX
  for k in 1 4 16 64; do group "plain$1" $k; done
  for k in 1 16; do group "racecheck$1" $k "$sanitizer" --tool racecheck --print-limit 100 --racecheck-report hazard; done
}

run_all ""
if command -v nvidia-cuda-mps-control > /dev/null; then
  export CUDA_MPS_PIPE_DIRECTORY=$out/mps-pipe CUDA_MPS_LOG_DIRECTORY=$out/mps-log
  mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
  if nvidia-cuda-mps-control -d; then
    run_all " under MPS"
    echo "racecheck under MPS, its last lines:"; "$sanitizer" --tool racecheck "$child" "$out/rec.mps" matmul 16 0 1 2>&1 | tail -3
    echo quit | nvidia-cuda-mps-control
    sleep 1
    echo "MPS server log, last lines:"; tail -5 "$CUDA_MPS_LOG_DIRECTORY"/control.log 2>/dev/null
  else
    echo "nvidia-cuda-mps-control -d failed: no MPS here"
  fi
else
  echo "no nvidia-cuda-mps-control on this machine"
fi
