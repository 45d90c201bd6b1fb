#!/usr/bin/env bash
# On a machine with a CUDA device: a submission of the solutions of the two
# timed lessons takes one GPU process per lesson 4 file and one turn alone
# with the device per timed file (lesson 4's timing and speedup runs share
# it: the harness holds it between them), gives its turn back outside its
# GPU work with --gpu-turns work (some of each child's time then holds no
# turn; none does by default), and gets full marks; every GPU child tells
# the profile when it made its CUDA context, and the timed runs' wait behind
# children past their GPU work lies within their whole wait. Reads the
# batch's --profile. Exit 77 (skipped) without a device and nvcc.
# Usage: tests/gpu/timed_turns.sh GRADER   (from the kit's folder)
set -u
grader=$(realpath "${1:?usage: timed_turns.sh GRADER}")
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson1 solutions/01-naive-kernel/matmul_naive.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "timed_turns: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"  # the sandbox's own uid reads the files
for folder in 03-phase-loop 04-measuring-speedup; do
  mkdir -p "$work/class/one/$folder"
  cp solutions/$folder/*.cu solutions/$folder/quiz_answers.yaml "$work/class/one/$folder/"
done
export GRADER_CACHE_DIR=$work/cache GRADER_LOCK_DIR=$work/locks
status=0
for turns in process work; do  # --gpu-turns: the same turns alone either way; only 'work' leaves GPU children without a turn
  rm -rf "$work/cache" "$work/results"
  "$grader" batch "$work/class" --out "$work/results" --backend gpu -j 1 --gpu-turns $turns --profile "$work/profile.json" > "$work/batch.log" 2>&1 ||
    { cat "$work/batch.log"; exit 1; }
  python3 - "$work/profile.json" "$work/results/one.json" "$turns" <<'PY' || status=1
import json, sys
profile, result, turns = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
failed = []
def expect(what, got, want):
    print(f"--gpu-turns {turns}: {what}: {got} (want {want})")
    if got != want: failed.append(what)
for lesson, processes in (("lesson3", 3), ("lesson4", 1)):
    p = profile["lessons"][lesson]
    expect(f"{lesson} GPU processes", p["gpu_processes"], processes)
    expect(f"{lesson} turns alone", p["gpu_exclusive_turns"], 1)
    expect(f"{lesson} children ran some time holding no turn", p["gpu_no_turn_s"] > 0, turns == "work")
# Every GPU child made its CUDA context and said when; the timed runs had the device alone.
devices = profile["devices"]
expect("devices in the profile", len(devices), 1)
if devices:
    d = devices[0]
    expect("children that told when their context was made", d["context_starts"], sum(p["gpu_processes"] for p in profile["lessons"].values()))
    expect("some time making contexts", d["context_covered_s"] > 0, True)
    expect("some time alone", d["alone_s"] > 0, True)
    # The wait behind children past their GPU work is a part of the timed runs' wait (harness's work lines).
    expect("wait behind tails within the timed runs' wait", 0 <= d["draining_behind_tails_s"] <= d["draining_s"], True)
for l in result["lessons"]:
    if l["lesson"] in ("lesson3", "lesson4"):
        expect(f"{l['lesson']} score", l["score"], l["max_score"])
sys.exit(1 if failed else 0)
PY
done
exit $status
