#!/usr/bin/env bash
# Runs the speedup check of one file N times on the GPU and prints a table:
# the student's and the references' median times, the ratios, the threshold
# and the verdict of each run. The verdict must not change from run to run.
# Usage: bench/speedup_stability.sh GRADER LESSON FILE [RUNS]
set -u
grader=$1 lesson=$2 file=$3 runs=${4:-10}
printf '%-4s %-10s %-10s %-10s %-8s %-8s %-8s %s\n' run yours_ms naive_ms tiled_ms speedup needed ref verdict
for i in $(seq 1 "$runs"); do
  json=$("$grader" check "$lesson" "$file" --backend gpu --check speedup --json --seed "$i")
  status=$(printf '%s' "$json" | grep -o '"status":"[a-z]*"' | head -1 | cut -d'"' -f4)
  msg=$(printf '%s' "$json" | grep -o '"message":"[^"]*"' | head -1)
  yours=$(printf '%s' "$msg" | grep -o '[0-9.]* ms (' | sed -n 1p | cut -d' ' -f1)
  naive=$(printf '%s' "$msg" | grep -o 'reference naive [0-9.]*' | awk '{print $3}')
  tiled=$(printf '%s' "$msg" | grep -o 'reference tiled [0-9.]*' | awk '{print $3}')
  ratio=$(printf '%s' "$msg" | grep -o 'speedup [0-9.]*x' | awk '{print $2}')
  needed=$(printf '%s' "$msg" | grep -o 'needed [0-9.]*x' | awk '{print $2}')
  ref=$(printf '%s' "$msg" | grep -o "reference's [0-9.]*x" | awk '{print $2}')
  printf '%-4s %-10s %-10s %-10s %-8s %-8s %-8s %s\n' "$i" "$yours" "$naive" "$tiled" "$ratio" "$needed" "$ref" "$status"
done
