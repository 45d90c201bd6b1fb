#!/usr/bin/env bash
# The differential test of the two backends: every kernel of the corpus
# (tests/kernels/lessonN/*.cu) is graded on the cpu backend (the emulator)
# and on the gpu backend (nvcc and the CUDA device), with the same seed, and
# every check's verdict is compared, under the reference course
# (tests/courses/course.yaml, as the corpus's CTests). It prints one row per
# kernel and check where the verdicts differ; timing magnitudes are the only
# allowed difference, so the timing check compares its verdict, not its
# figures. The GPU-only speedup check and the quiz (no answers beside corpus
# files) are left out.
#
# A file the emulator cannot run ("not supported by the emulator": cpu
# verdict error) is graded by the GPU alone on the gpu backend; those rows
# are listed apart, as the one allowed kind of disagreement besides timing.
#
# A third column shows what the GPU path alone says (grader check
# --gpu-alone): where it differs, the emulator's structural rules decided,
# as they do on every backend. Those rows are listed for information.
#
# Exit status: 0 with zero differences, 1 with any, 77 (skipped) where no
# CUDA device or no nvcc is present. Needs python3 to read the JSON.
# Usage: bench/agreement.sh [GRADER] [OUT_FOLDER] [JOBS] [lessonN/NAME.cu ...]   (from the kit's folder)
# With kernels named, only those are graded (e.g. new ones, to record their verdicts).
set -u
grader=${1:-build/grader/grader}
out=${2:-$(mktemp -d)}
jobs=${3:-$(nproc)}
if [ ! -e /dev/nvidia0 ] || ! "$grader" check lesson1 solutions/01-naive-kernel/matmul_naive.cu --backend gpu --check compile >/dev/null 2>&1; then
  echo "agreement: needs a CUDA device and nvcc (the gpu backend); skipped"
  exit 77
fi
mkdir -p "$out/json"
export NO_COLOR=1

checks_of() {  # lesson -> the --check options compared
  case $1 in
    lesson1) echo "--check compile --check correctness" ;;
    lesson2|lesson3) echo "--check compile --check correctness --check barriers --check traffic" ;;
    lesson4) echo "--check compile --check correctness --check timing" ;;
  esac
}
export -f checks_of
grade() {  # lesson/file.cu cpu|gpu|alone -> one JSON verdict file
  local kernel=$1 lesson=${1%%/*} name=${1##*/} how=$2 extra=()
  local base=$OUT/json/${lesson}.${name%.cu}
  case $how in
    cpu) extra=(--backend cpu) ;;
    gpu) extra=(--backend gpu) ;;
    alone) extra=(--backend gpu --gpu-alone) ;;
  esac
  # shellcheck disable=SC2046
  "$GRADER" check "$lesson" "tests/kernels/$kernel" --course tests/courses/course.yaml --json --seed 11 "${extra[@]}" $(checks_of "$lesson") >"$base.$how.json" 2>"$base.$how.err"
}
export -f grade
export GRADER=$grader OUT=$out
runs_of() {  # backends, kernels... -> "kernel backend" lines
  local backends=$1; shift
  for k in "$@"; do for b in $backends; do echo "$k $b"; done; done
}
start=$(date +%s)
cd tests/kernels
if [ $# -gt 3 ]; then kernels=("${@:4}"); else kernels=(lesson*/*.cu); fi
early=() late=()
for k in "${kernels[@]}"; do case $k in lesson4/*) late+=("$k") ;; *) early+=("$k") ;; esac; done
# Lessons 1-3 in parallel, and lesson 4 on the emulator. Lesson 4 on the GPU
# runs one at a time afterwards: a timing run must have the GPU to itself,
# or the student's timer and the grader's events measure different moments.
runs_of "cpu gpu alone" "${early[@]}" | (cd ../.. && xargs -r -P "$jobs" -n 2 bash -c 'grade "$@"' _)
runs_of "cpu" "${late[@]}" | (cd ../.. && xargs -r -P "$jobs" -n 2 bash -c 'grade "$@"' _)
parallel=$(date +%s)
runs_of "gpu alone" "${late[@]}" | (cd ../.. && xargs -r -P 1 -n 2 bash -c 'grade "$@"' _)
cd ../..
echo "graded ${#kernels[@]} kernels on both backends in $(( $(date +%s) - start )) s" \
     "($jobs at a time; lesson 4 on the GPU one at a time: $(( $(date +%s) - parallel )) s)"

python3 - "$out" <<'EOF'
import json, os, sys, glob
out = sys.argv[1]
def verdicts(path):
    try:
        with open(path) as f:
            report = json.load(f)
    except Exception as e:
        return {"(report)": ("error", "no JSON: %s" % open(path[:-5] + ".err").read()[-300:].strip())}
    return {c["name"]: (c["status"], c["message"]) for c in report["checks"]}
rows, alone_rows, limit_rows, compared, kernels = [], [], [], 0, 0
table = open(os.path.join(out, "verdicts.tsv"), "w")
table.write("kernel\tcheck\tcpu\tgpu\tgpu_alone\n")
for cpu_path in sorted(glob.glob(os.path.join(out, "json", "*.cpu.json"))):
    kernel = os.path.basename(cpu_path)[:-len(".cpu.json")]
    kernels += 1
    cpu = verdicts(cpu_path)
    gpu = verdicts(cpu_path.replace(".cpu.json", ".gpu.json"))
    alone = verdicts(cpu_path.replace(".cpu.json", ".alone.json"))
    for check in sorted(set(cpu) | set(gpu)):
        c, g, a = cpu.get(check, ("absent", "")), gpu.get(check, ("absent", "")), alone.get(check, ("absent", ""))
        compared += 1
        table.write("%s\t%s\t%s\t%s\t%s\n" % (kernel, check, c[0], g[0], a[0]))
        if c[0] == "error" and "not supported by the emulator" in c[1] and g[0] == a[0]:
            limit_rows.append((kernel, check, c, g))  # by design: the GPU alone grades it
        elif c[0] != g[0]:
            rows.append((kernel, check, c, g))
        elif a[0] not in (g[0], "skip"):
            alone_rows.append((kernel, check, g, a))
print("%d kernels, %d check verdicts compared: %d differences" % (kernels, compared, len(rows)))
if rows:
    print("\nkernel | check | cpu | gpu")
    for kernel, check, c, g in rows:
        print("%s | %s | %s: %s | %s: %s" % (kernel, check, c[0], c[1][:150], g[0], g[1][:150]))
if limit_rows:
    print("\nwhere the emulator cannot run the file (cpu: error; the gpu backend grades by the GPU alone): %d" % len(limit_rows))
    for kernel, check, c, g in limit_rows:
        print("  %s | %s | cpu: %s | gpu: %s: %s" % (kernel, check, c[1][:100], g[0], g[1][:100]))
if alone_rows:
    print("\nwhere the emulator's rules decided (the GPU path alone says otherwise): %d" % len(alone_rows))
    for kernel, check, g, a in alone_rows:
        print("  %s | %s | both backends: %s | gpu alone: %s: %s" % (kernel, check, g[0], a[0], a[1][:160]))
print("\nall verdicts: %s" % os.path.join(out, "verdicts.tsv"))
sys.exit(1 if rows else 0)
EOF
