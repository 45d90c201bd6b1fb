#!/usr/bin/env bash
# Whether one GPU child's fault reaches the children running beside it, with
# and without NVIDIA's Multi-Process Service (an MPS server of its own:
# private pipe and log folders). 15 children of the lesson 1 solution run six
# 2000x2000 products each; 0.7 s in, a child whose kernel writes to address
# 0x10 runs once. Printed for each trial: the faulting child's exit status
# and CUDA error, and how many of the correct children recorded a CUDA
# error. Under Volta MPS an illegal address may end every client's context:
# if it does here, MPS would blame innocent students, and the batch must not
# use it. It changes nothing outside OUT_FOLDER and stops its MPS server.
# Exit status: 0, or 77 (skipped) without a CUDA device and nvcc.
# Usage: bench/gpu_mps_faults.sh [GRADER] [OUT_FOLDER]   (from the kit's folder)
set -u
grader=$(realpath "${1:-build/grader/grader}")
out=$(realpath -m "${2:-$(mktemp -d)}")
export NO_COLOR=1 GRADER_CACHE_DIR=$out/cache
mkdir -p "$out"
sed 's/float sum = 0.0f;/float sum = 0.0f; if (row == 0 \&\& col == 0) ((float*)0x10)[0] = sum;/' \
  solutions/01-naive-kernel/matmul_naive.cu > "$out/bad.cu"
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson1 solutions/01-naive-kernel/matmul_naive.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "gpu_mps_faults: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
good=$(ls -d "$GRADER_CACHE_DIR"/gpu-lesson1-*/child)
"$grader" check lesson1 "$out/bad.cu" --backend gpu --check compile > /dev/null 2>&1
bad=$(ls -d "$GRADER_CACHE_DIR"/gpu-lesson1-*/child | grep -vxF "$good" | head -1)
[ -n "$bad" ] || { echo "gpu_mps_faults: the faulting file did not build"; exit 1; }

trial() {
  rm -f "$out"/r.*
  for i in $(seq 1 15); do
    "$good" "$out/r.g$i" cases 2000 0 1 matmul:2000:0 matmul:2000:0 matmul:2000:0 matmul:2000:0 matmul:2000:0 matmul:2000:0 > /dev/null 2>&1 &
  done
  sleep 0.7
  "$bad" "$out/r.bad" matmul 1024 0 1 > /dev/null 2>&1
  echo "  the faulting child: exit $?, $(grep -aho 'cuda_error[^ ]* [^ ]*' "$out/r.bad" | head -1)"
  wait
  local hurt records
  hurt=$(grep -l cuda_error "$out"/r.g* 2>/dev/null | sed 's/\.[0-9]*$//' | sort -u | wc -l)
  records=$(ls "$out"/r.g*.* | wc -l)
  echo "  correct children with a CUDA error in a record: $hurt of 15 ($records records written of 90)"
}

echo "without MPS:"
trial
if command -v nvidia-cuda-mps-control > /dev/null; then
  export CUDA_MPS_PIPE_DIRECTORY=$out/mps-pipe CUDA_MPS_LOG_DIRECTORY=$out/mps-log
  mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
  if nvidia-cuda-mps-control -d; then
    echo "under MPS:"
    trial
    echo quit | nvidia-cuda-mps-control
    sleep 1
    echo "MPS server log, last lines:"; tail -5 "$CUDA_MPS_LOG_DIRECTORY"/server.log "$CUDA_MPS_LOG_DIRECTORY"/control.log 2>/dev/null
  else
    echo "nvidia-cuda-mps-control -d failed: no MPS here"
  fi
else
  echo "no nvidia-cuda-mps-control on this machine"
fi
