#!/usr/bin/env bash
# Class-scale grading on the gpu backend. Generates a class of STUDENTS x 4
# lessons from the kit's solutions and the corpus, every file made unique
# (nothing comes from the compile cache):
#   7 in 10 correct (the solutions),
#   1 in 10 partly wrong (lesson 1 without its bounds guard, lesson 3
#     without its second barrier; lessons 2 and 4 correct),
#   1 in 10 hanging (lesson 3's phase loop never advances),
#   1 in 10 hostile (lesson 1 from tests/batch/hostile: fork bombs, floods,
#     crashes, a divergent barrier, ...).
# Grades it with `grader batch --backend gpu` (sandboxed) once per -j value
# and prints, for each: total time, GPU-seconds per submission, the number
# of correct lesson files that did not get full marks (it must be 0), and
# what a hanging submission cost against a correct one. Then it compares
# every check's verdict between the runs (the same verdicts are the target)
# and times one never-ending lesson-3 kernel alone on each backend. Each
# run's split of time by lesson (compile, emulator, GPU shared and alone,
# GPU children holding no turn, waiting, sandbox start) is printed and kept in OUT/profile-jJ.json, with the
# device's serial work (children starting their CUDA contexts, turns alone, timed runs waiting), and
# the median speedup of the correct files per lesson is compared between runs,
# and the machine's load is sampled (OUT/usage-jJ.csv, bench/usage_sampler.py).
# A run's files are named by its -j value, and by its turns where it gives them.
# Exit status: 0 when no correct file lost points and the runs agree, 1
# otherwise, 77 (skipped) without a CUDA device and nvcc. Needs python3.
# Usage: bench/gpu_class.sh [GRADER] [OUT_FOLDER] [STUDENTS] [JOBS[:TURNS[:GATHER]] ...]   (from the kit's folder)
# Default: 100 students, -j 8 then -j 1. A run given as J:TURNS passes --gpu-turns TURNS
# (16:process 16:work: the same class graded both ways on one machine, verdicts compared), and one given as
# J:TURNS:SECONDS also passes --timing-gather SECONDS (TIMING_GATHER=SECONDS: for every run). GPUS=LIST passes --gpus LIST (e.g.
# GPUS=0,0 with -j 2: two workers pinned to one device), LESSONS_AT_ONCE=K
# passes --lessons-at-once K, LOOKAHEAD=K passes --lookahead K, GPU_TURNS=work passes --gpu-turns work (a GPU
# child holds turns only around its GPU work), NO_HANG=1 leaves out the never-ending kernel's
# timing alone, WARM_CACHE=1 lets the runs after the first reuse its builds
# (for comparing verdicts, not times), ALL=KIND makes every student of one
# kind (hanging: lesson 3 never ends; hostile: lesson 1 is a fork bomb) and
# prints the bound (limit + 10 s) x submissions / parallelism beside the time.
set -u
here=$(dirname "$(realpath "$0")")
grader=$(realpath "${1:-build/grader/grader}")
out=$(realpath -m "${2:-$(mktemp -d)}")
students=${3:-100}
shift $(($# < 3 ? $# : 3))
jobs_list=("$@")
[ ${#jobs_list[@]} -gt 0 ] || jobs_list=(8 1)
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson1 solutions/01-naive-kernel/matmul_naive.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "gpu_class: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
export NO_COLOR=1
rm -rf "$out"
mkdir -p "$out/class"
chmod 755 "$out"

folders=(01-naive-kernel 02-tile-loading 03-phase-loop 04-measuring-speedup)
files=(matmul_naive.cu tile_loading.cu matmul_tiled.cu speedup.cu)
hostile=(fork_200 output_flood memory_hog segfault write_outside read_solutions infinite_loop divergent_barrier daemonize open_socket)
for ((i = 0; i < students; i++)); do
  kind=correct
  case $((i % 10)) in 7) kind=wrong ;; 8) kind=hanging ;; 9) kind=hostile ;; esac
  [ -n "${ALL:-}" ] && kind=$ALL
  id=$(printf "s%03d-%s" "$i" "$kind")
  for l in 0 1 2 3; do
    dir=$out/class/$id/${folders[$l]}
    mkdir -p "$dir"
    cp "solutions/${folders[$l]}/quiz_answers.yaml" "$dir/"
    src=solutions/${folders[$l]}/${files[$l]}
    [ "$kind/$l" = wrong/0 ] && src=tests/kernels/lesson1/missing_bounds_guard.cu
    [ "$kind/$l" = wrong/2 ] && src=tests/kernels/lesson3/missing_second_barrier.cu
    [ "$kind/$l" = hostile/0 ] && src=tests/batch/hostile/${hostile[$(((i / 10) % ${#hostile[@]}))]}.cu
    [ "$kind/$l/${ALL:-}" = hostile/0/hostile ] && src=tests/batch/hostile/fork_200.cu
    if [ "$kind/$l" = hanging/2 ]; then
      sed 's/; ++phase)/;)/' "$src" > "$dir/${files[$l]}"
      grep -q 'phase < n / TILE;)' "$dir/${files[$l]}" || { echo "gpu_class: cannot make the hanging kernel"; exit 1; }
    else
      cp "$src" "$dir/${files[$l]}"
    fi
    printf '\n// submission %s\n' "$id" >> "$dir/${files[$l]}"
    # A correct file is one copied from the solutions: it must get full marks.
    [ "$src" = "solutions/${folders[$l]}/${files[$l]}" ] && [ "$kind/$l" != hanging/2 ] && echo "$id lesson$((l + 1))" >> "$out/correct.txt"
  done
done

gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || echo 1)
status=0
tags=()
for run in "${jobs_list[@]}"; do
  IFS=: read -r j run_turns gather <<< "$run"
  turns=${run_turns:-${GPU_TURNS:-}}
  gather=${gather:-${TIMING_GATHER:-}}
  tag=$j${run_turns:+-$run_turns}${gather:+-g$gather}  # names this run's files: results-jTAG, profile-jTAG.json, ...
  results=$out/results-j$tag
  export GRADER_CACHE_DIR=$out/cache-j$tag  # a cold compile cache for each run
  [ -n "${WARM_CACHE:-}" ] && export GRADER_CACHE_DIR=$out/cache
  start=$(date +%s.%N)
  # The machine's load while it runs (bench/usage_sampler.py): the cores, the GPU, the processes alive.
  python3 "$here/usage_sampler.py" "$out/usage-j$tag.csv" 1 -- \
    "$grader" batch "$out/class" --out "$results" --backend gpu -j "$j" --profile "$out/profile-j$tag.json" ${GPUS:+--gpus "$GPUS"} ${LESSONS_AT_ONCE:+--lessons-at-once "$LESSONS_AT_ONCE"} ${LOOKAHEAD:+--lookahead "$LOOKAHEAD"} ${turns:+--gpu-turns "$turns"} ${gather:+--timing-gather "$gather"} > "$out/batch-j$tag.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  if [ $rc -ne 0 ]; then  # a batch that did not complete proves nothing
    echo "-j $tag: grader batch exited with $rc:"
    tail -5 "$out/batch-j$tag.log"
    status=1
  fi
  python3 - "$results" "$out/correct.txt" "$start" "$end" "$students" "$gpus" "$j" "$tag" <<'EOF' || status=1
import json, os, pathlib, statistics, sys
results, correct_list, start, end, students, gpus, jobs, tag = sys.argv[1:]
wall = float(end) - float(start)
correct = {tuple(line.split()) for line in open(correct_list) if line.strip()}
lost, seconds = [], {"correct": [], "hanging": []}
for f in sorted(pathlib.Path(results).glob("s*.json")):
    r = json.load(open(f))
    kind = r["id"].split("-")[1]
    if kind in seconds: seconds[kind].append(r["seconds"])
    for l in r["lessons"]:
        if (r["id"], l["lesson"]) in correct and l["score"] < l["max_score"]:
            bad = [c for c in l["checks"] if c["status"] != "pass"]
            lost.append(f'{r["id"]} {l["lesson"]}: {l["score"]}/{l["max_score"]}: ' +
                        "; ".join(f'{c["name"]} {c["status"]}: {c["message"][:200]}' for c in bad))
n = int(students)
graded = len(list(pathlib.Path(results).glob("s*.json")))
if graded != n:
    print(f"-j {tag}: only {graded} of {n} students have a result")
    sys.exit(1)
print(f"-j {tag}: {n} students x 4 lessons in {wall:.0f} s; {wall * int(gpus) / n:.1f} GPU-seconds per submission ({gpus} GPU)")
rows = sum(1 for r in pathlib.Path(results).glob("s*.json") for l in json.load(open(r))["lessons"])
print(f"  rows written: {rows} lesson results of {4 * n}")
if os.environ.get("ALL"):  # a hanging or forking file costs its time limit: lesson 3's and lesson 1's correctness limit (30 s, 20 s)
    limit = 30 if os.environ["ALL"] == "hanging" else 20
    print(f"  every student {os.environ['ALL']}: {wall:.0f} s against the bound (limit + 10 s) x submissions / parallelism = "
          f"({limit} + 10) x {n} / {jobs} = {(limit + 10) * n / int(jobs):.0f} s")
print(f"  correct lesson files below full marks: {len(lost)} of {len(correct)} (must be 0)")
for line in lost[:20]: print("   ", line)
if seconds["hanging"] and seconds["correct"]:
    print(f"  a hanging submission took {max(seconds['hanging']):.0f} s at most (median {statistics.median(seconds['hanging']):.0f} s); "
          f"a correct one {statistics.median(seconds['correct']):.0f} s (median)")
sys.exit(1 if lost else 0)
EOF
  grep -h '^GPU \|^usage over' "$out/batch-j$tag.log" | sed 's/^/  /'
  sed -n '/^time by lesson/,/^  total/p' "$out/batch-j$tag.log" | sed 's/^/  /'
  tags+=("$tag")
done

if [ ${#tags[@]} -gt 1 ]; then
  python3 - "$out" "${tags[@]}" <<'EOF' || status=1
import json, pathlib, statistics, sys
out, jobs = sys.argv[1], sys.argv[2:]
def verdicts(j):
    v = {}
    for f in pathlib.Path(out, f"results-j{j}").glob("s*.json"):
        r = json.load(open(f))
        for l in r["lessons"]:
            for c in l["checks"]: v[(r["id"], l["lesson"], c["name"])] = c["status"]
    return v
def speedups(j):
    """The median speedup of the correct files per lesson, from the speedup check's measurements."""
    correct = {tuple(line.split()) for line in open(pathlib.Path(out, "correct.txt")) if line.strip()}
    found = {}
    for f in pathlib.Path(out, f"results-j{j}").glob("s*.json"):
        r = json.load(open(f))
        for l in r["lessons"]:
            for c in l["checks"]:
                for m in c.get("measurements", []):
                    if c["name"] == "speedup" and m["name"] == "speedup_x" and (r["id"], l["lesson"]) in correct:
                        found.setdefault(l["lesson"], []).append(m["median"])
    return {lesson: statistics.median(v) for lesson, v in found.items()}
base = verdicts(jobs[0])
base_speedups = speedups(jobs[0])
for j in jobs[1:]:
    other = verdicts(j)
    diff = sorted(k for k in base.keys() | other.keys() if base.get(k) != other.get(k))
    print(f"verdicts -j {jobs[0]} vs -j {j}: {len(base)} compared, {len(diff)} different")
    for k in diff[:20]: print("   ", *k, base.get(k), "vs", other.get(k))
    for lesson, ratio in sorted(speedups(j).items()):
        if lesson in base_speedups:
            print(f"  median speedup of the correct {lesson} files: {base_speedups[lesson]:.3f}x at -j {jobs[0]}, {ratio:.3f}x at -j {j} "
                  f"({100 * (base_speedups[lesson] / ratio - 1):+.1f}%)")
    if diff: sys.exit(1)
EOF
fi

# One never-ending kernel alone, on each backend: it must cost about one time limit, not one per check.
hang=$(ls "$out"/class/*-hanging/03-phase-loop/matmul_tiled.cu 2>/dev/null | head -1)
if [ -n "$hang" ] && [ -z "${NO_HANG:-}" ]; then
  for backend in cpu gpu; do
    start=$(date +%s.%N)
    "$grader" check lesson3 "$hang" --backend "$backend" > "$out/hang-$backend.log" 2>&1
    end=$(date +%s.%N)
    python3 -c "import sys; print(f'never-ending lesson-3 kernel, {sys.argv[1]} backend: {float(sys.argv[3]) - float(sys.argv[2]):.0f} s for every check')" \
      "$backend" "$start" "$end"
  done
fi
exit $status
