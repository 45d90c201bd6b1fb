#!/usr/bin/env bash
# Whether processes that start and end on a device disturb the timed
# launches of another process. The speedup check of lesson 3's solution
# (`grader check ... --check speedup --json`, a new seed each time) runs
# TRIALS times in each of three settings, taken in turn (quiet, starts,
# busy, quiet, ...):
#   quiet:  nothing else on the device;
#   starts: K processes at a time that make a CUDA context and exit, again
#           and again, launching nothing (bench/probes/context_phases.cu
#           with "context");
#   busy:   K copies of lesson 3's child running its n=1024 product again
#           and again: GPU work beside the timed launches, to show what a
#           disturbance looks like.
# Printed per setting: the medians over its trials of the reference naive
# and tiled kernels' times, the solution's and the speedup, each with its
# difference from quiet; the speedup's spread over the trials; and how many
# verdicts differ from quiet's; and how many processes ran beside it and
# how many of them failed (a failed one disturbs nothing; their error output
# is in OUT_FOLDER/SETTING.TRIAL.err). Where "starts" stays within quiet's
# spread and "busy" does not, contexts made beside timed launches leave the
# speedup check's medians alone. A median hides a few disturbed launches, so
# that cannot show every verdict unaffected: on node F a class graded with
# contexts made beside its timed runs lost two (docs/measured.md). It
# changes nothing outside OUT_FOLDER.
# Exit status: 0, or 77 (skipped) without a CUDA device and nvcc.
# Usage: bench/gpu_timing_beside_starts.sh [GRADER] [OUT_FOLDER] [TRIALS] [K]   (from the kit's folder)
set -u
grader=$(realpath "${1:-build/grader/grader}")
out=$(realpath -m "${2:-$(mktemp -d)}")
trials=${3:-8}
k=${4:-8}
export NO_COLOR=1 GRADER_CACHE_DIR=$out/cache GRADER_LOCK_DIR=$out/locks
mkdir -p "$out"
solution=solutions/03-phase-loop/matmul_tiled.cu
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson3 "$solution" --backend gpu --check compile >/dev/null 2>&1; then
  echo "gpu_timing_beside_starts: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
child=$(ls -d "$GRADER_CACHE_DIR"/gpu-lesson3-*/child | head -1)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
"$nvcc" -O2 -arch=native -o "$out/context_phases" bench/probes/context_phases.cu || exit 1

beside() {  # SETTING TRIAL: until OUT/stop exists, K processes at a time of SETTING's kind; counts them in OUT/SETTING.TRIAL.beside
  local i pid started=0 failed=0 pids
  while [ ! -e "$out/stop" ]; do
    pids=()
    for ((i = 0; i < k; i++)); do
      if [ "$1" = starts ]; then
        "$out/context_phases" context > /dev/null 2>> "$out/$1.$2.err" &
      else
        CUDA_DEVICE_MAX_CONNECTIONS=1 "$child" "$out/busy.$i" matmul 1024 0 1 > /dev/null 2>> "$out/$1.$2.err" &
      fi
      pids+=($!)
    done
    for pid in "${pids[@]}"; do
      started=$((started + 1))
      wait "$pid" || failed=$((failed + 1))
    done
  done
  echo "$started $failed" > "$out/$1.$2.beside"
}

settings=(quiet starts busy)
for ((t = 0; t < trials; t++)); do
  for s in 0 1 2; do
    setting=${settings[$s]}
    rm -f "$out/stop"
    pid=
    if [ "$setting" != quiet ]; then
      beside "$setting" "$t" &
      pid=$!
      sleep 1  # the processes beside are under way before the timing begins
    fi
    "$grader" check lesson3 "$solution" --backend gpu --check speedup --json --seed $((1000 * t + s + 1)) \
      > "$out/$setting.$t.json" 2> "$out/$setting.$t.err"
    touch "$out/stop"
    [ -n "$pid" ] && wait "$pid"
  done
done

python3 - "$out" "$trials" <<'PY'
import json, statistics, sys
out, trials = sys.argv[1], int(sys.argv[2])

def speedup_check(node):
    """The speedup check's result anywhere in grader check's JSON."""
    if isinstance(node, dict):
        if node.get("name") == "speedup" and "measurements" in node: return node
        node = list(node.values())
    if isinstance(node, list):
        for item in node:
            found = speedup_check(item)
            if found: return found
    return None

names = ["reference_naive_ms", "reference_tiled_ms", "kernel_ms", "speedup_x"]
table = {}
for setting in ["quiet", "starts", "busy"]:
    rows = []
    for t in range(trials):
        try:
            check = speedup_check(json.load(open(f"{out}/{setting}.{t}.json")))
        except (OSError, ValueError):
            check = None
        if not check: continue
        figures = {m["name"]: m["median"] for m in check["measurements"]}
        rows.append(({n: figures.get(n, 0.0) for n in names}, check["status"]))
    table[setting] = rows

quiet = table["quiet"]
if not quiet:
    sys.exit("gpu_timing_beside_starts: no quiet trial gave a speedup result")
quiet_median = {n: statistics.median(r[0][n] for r in quiet) for n in names}
quiet_verdict = statistics.mode(r[1] for r in quiet)
for setting, rows in table.items():
    if not rows:
        print(f"{setting:<7} no trial gave a speedup result")
        continue
    line = f"{setting:<7} {len(rows)} trials:"
    for n in names:
        m = statistics.median(r[0][n] for r in rows)
        line += f" {n} {m:.4g} ({100 * (m / quiet_median[n] - 1):+.1f}%)" if quiet_median[n] else f" {n} {m:.4g}"
    speedups = [r[0]["speedup_x"] for r in rows]
    line += f"; speedup from {min(speedups):.4g} to {max(speedups):.4g}"
    line += f"; verdicts unlike quiet's ({quiet_verdict}): {sum(1 for r in rows if r[1] != quiet_verdict)}"
    if setting != "quiet":  # a setting whose processes failed disturbed nothing: say how many ran
        counts = []
        for t in range(trials):
            try:
                numbers = [int(x) for x in open(f"{out}/{setting}.{t}.beside").read().split()]
            except (OSError, ValueError):
                continue
            if len(numbers) == 2: counts.append(numbers)
        line += f"; processes beside: {sum(c[0] for c in counts)}, {sum(c[1] for c in counts)} of them failed"
    print(line)
PY
