#!/usr/bin/env bash
# The Gradescope autograder end to end (the kit.export_gradescope test), run
# the way Gradescope runs it:
#   1. `grader export-gradescope` writes the zip; it holds setup.sh and
#      run_autograder (executable) at its root and no solution text;
#   2. the zip is unpacked into WORK/autograder/source, and bubblewrap mounts
#      WORK/autograder at /autograder (the rest of the machine read-only,
#      a private /tmp); there setup.sh runs (its package step finds the
#      packages installed; GRADER_PREBUILT: the grader under test instead of a
#      second build), then /autograder/run_autograder for each submission:
#        correct    the solutions                 -> full marks on every check the cpu can grade
#        broken     the starters                  -> less, rerun commands for the student's kit
#        wrapped    lessons 1-3 of the solutions in a folder around them (my-kit/...), lesson 4 missing
#                                                 -> lessons 1-3 full, lesson 4 "not submitted", 0
#        no course  course.yaml unreadable        -> the grader's error, score 0
#        no grader  the grader missing            -> run_autograder's own results.json, score 0
#   3. each results.json is checked by python3 against Gradescope's format:
#      every test has name, score, max_score, output and visibility; the
#      score is the tests' sum; execution_time is there.
# Skipped (77) where bwrap or python3 is missing (scripts/install-deps.sh installs both).
# Usage: gradescope.sh GRADER KIT WORKDIR   (exit 0: all good)
set -uo pipefail
grader=$1 kit=$2 work=$3
fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $(date +%T) $*"; }
command -v bwrap > /dev/null || { echo "bwrap is not installed (Debian package bubblewrap): skipped"; exit 77; }
command -v python3 > /dev/null || { echo "python3 is not installed (Debian package python3): skipped"; exit 77; }
grader=$(realpath "$grader") kit=$(realpath "$kit")
rm -rf "$work"
mkdir -p "$work" || fail "cannot create $work"
work=$(realpath "$work")
started=$(date +%s)

step "export"
"$grader" export-gradescope "$work/autograder.zip" --course "$kit/course.yaml" || fail "grader export-gradescope failed"
root=$work/autograder
mkdir -p "$root/source" "$root/results" "$root/submission"
python3 - "$work/autograder.zip" "$root/source" <<'PY' || fail "the zip does not unpack"
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None, "a damaged entry"
    for info in z.infolist():
        z.extract(info, sys.argv[2])
        os.chmod(os.path.join(sys.argv[2], info.filename), (info.external_attr >> 16) & 0o777)
PY
for script in setup.sh run_autograder; do
  [ -x "$root/source/$script" ] || fail "$script is not an executable file at the zip's root"
done
[ -f "$root/source/kit/course.yaml" ] || fail "the zip has no kit/course.yaml"
for part in solutions examples bench tests/kernels grader/harness/harness.cu grader/harness/reference_kernels.h; do
  [ -e "$root/source/kit/$part" ] && fail "$part is in the zip"
done
while IFS= read -r line; do  # the solutions' longest lines (their kernels' bodies), nowhere in the zip
  hits=$(grep -rlF -- "$line" "$root/source") && fail "solution text '$line' is in: $hits"
done < <(cat "$kit"/solutions/*/*.cu | sed -E 's://.*$::; s/^[[:space:]]+//; s/[[:space:]]+$//' | awk 'length >= 40' |
         grep -vxF -f <(cat "$kit"/starter/*/*.cu | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//'))
cp "$root/source/run_autograder" "$root/run_autograder"  # as Gradescope's image build does

# /autograder as Gradescope has it; everything else of this machine read-only, /tmp private.
in_gradescope() {
  local args=(--die-with-parent --proc /proc --dev /dev --tmpfs /tmp --bind "$root" /autograder --chdir /autograder)
  local entry
  for entry in /*; do
    case "$entry" in /proc|/dev|/tmp|/autograder) continue ;; esac
    if [ -L "$entry" ]; then args+=(--symlink "$(readlink "$entry")" "$entry")
    elif [ -d "$entry" ]; then args+=(--ro-bind "$entry" "$entry"); fi
  done
  # The grader under test and its runtime folder, also where they lie under /tmp (a CI clone).
  args+=(--ro-bind "$(dirname "$(realpath "$grader")")" "$(dirname "$(realpath "$grader")")")
  bwrap "${args[@]}" env GRADER_PREBUILT="$grader" "$@"
}
in_gradescope true || { echo "bwrap cannot run here (it needs root or user namespaces): skipped"; exit 77; }

step "setup.sh"
in_gradescope bash /autograder/source/setup.sh > "$work/setup.log" 2>&1 || { cat "$work/setup.log"; fail "setup.sh failed"; }
cat "$work/setup.log"
grep -q "the packages are installed" "$work/setup.log" || fail "setup.sh did not find the packages installed"

# grade NAME: runs run_autograder on $root/submission, keeps results.json as WORK/NAME.json.
grade() {
  rm -rf "$root/results" && mkdir -p "$root/results"
  in_gradescope /autograder/run_autograder > "$work/$1.log" 2>&1 || { cat "$work/$1.log"; fail "$1: run_autograder failed"; }
  cat "$work/$1.log"
  [ -s "$root/results/results.json" ] || fail "$1: no results.json"
  cp "$root/results/results.json" "$work/$1.json"
}
submit() {  # submit FOLDER...: copies each into a fresh /autograder/submission
  rm -rf "$root/submission" && mkdir -p "$root/submission" && cp -r "$@" "$root/submission/"
}

step "correct: the solutions"
submit "$kit"/solutions/*
grade correct
step "broken: the starters"
submit "$kit"/starter/*
grade broken
step "wrapped: lessons 1-3 in a folder around them, lesson 4 missing"
rm -rf "$work/my-kit" && mkdir -p "$work/my-kit/starter" && cp -r "$kit"/solutions/0[123]-* "$work/my-kit/starter/"
submit "$work/my-kit"
grade wrapped
step "no course: the grader cannot read course.yaml"
mv "$root/source/kit/course.yaml" "$root/source/kit/course.yaml.away"
grade no-course
mv "$root/source/kit/course.yaml.away" "$root/source/kit/course.yaml"
step "no grader: setup.sh did not build it"
mv "$root/source/kit/build/grader/grader" "$root/source/kit/build/grader/grader.away"
grade no-grader
mv "$root/source/kit/build/grader/grader.away" "$root/source/kit/build/grader/grader"

step "results.json against Gradescope's format"
"$grader" list --json --course "$kit/course.yaml" > "$work/course.json" || fail "grader list failed"
python3 - "$work" <<'PY' || fail "a results.json is not what it should be (above)"
import json, os, sys
work = sys.argv[1]
course = json.load(open(os.path.join(work, "course.json")))
gpu_only = {"speedup"}
checks = [(l["id"], c["name"], c["points"]) for l in course["lessons"] for c in l["checks"]]
problems = []
def check(ok, what):
    if not ok: problems.append(what)

def load(name):
    j = json.load(open(os.path.join(work, name + ".json")))
    for key in ("score", "execution_time", "output", "tests"):
        check(key in j, f"{name}: no '{key}'")
    check(isinstance(j.get("execution_time"), int) and j["execution_time"] >= 0, f"{name}: execution_time is not whole seconds")
    for t in j["tests"]:
        for key in ("name", "score", "max_score", "output", "visibility"):
            check(key in t, f"{name}: test {t.get('name')} has no '{key}'")
        check(t.get("visibility") in ("visible", "hidden", "after_due_date", "after_published"), f"{name}: {t.get('name')}: bad visibility")
        check(0 <= t["score"] <= t["max_score"], f"{name}: {t['name']}: score {t['score']} outside 0..{t['max_score']}")
    check(abs(j["score"] - sum(t["score"] for t in j["tests"])) < 1e-9, f"{name}: score {j['score']} is not the tests' sum")
    return j, {t["name"]: t for t in j["tests"]}

def graded_lessons(name, tests, lessons):
    for lesson, check_name, points in checks:
        if lesson not in lessons: continue
        t = tests.get(f"{lesson}: {check_name}")
        check(t is not None, f"{name}: no test for {lesson}: {check_name}")
        if t is None: continue
        if check_name in gpu_only:
            check(t["max_score"] == 0 and t["output"].startswith("Skipped"), f"{name}: {lesson}: {check_name} is not skipped with max 0")
        else:
            check(t["max_score"] == points, f"{name}: {lesson}: {check_name}: max_score {t['max_score']}, course.yaml says {points}")
    return sum(p for l, c, p in checks if l in lessons and c not in gpu_only)

every = {l["id"] for l in course["lessons"]}
j, tests = load("correct")
full = graded_lessons("correct", tests, every)
check(len(tests) == len(checks), f"correct: {len(tests)} tests for {len(checks)} checks")
check(j["score"] == full, f"correct: score {j['score']}, not the full {full} of the checks the cpu grades")
check("no GPU" in j["output"], "correct: the output does not say the GPU checks are skipped")

j, tests = load("broken")
graded_lessons("broken", tests, every)
check(j["score"] < full, f"broken: score {j['score']}, not below {full}")
for t in tests.values():
    if t.get("status") == "failed":
        check("build/grader/grader check " in t["output"] or "build/grader/grader quiz " in t["output"],
              f"broken: {t['name']}: no rerun command for the student's kit: {t['output']!r}")

j, tests = load("wrapped")
three = {"lesson1", "lesson2", "lesson3"}
check(j["score"] == graded_lessons("wrapped", tests, three), f"wrapped: lessons 1-3 not full: {j['score']}")
t = tests.get("lesson4: not submitted")
check(t is not None and t["score"] == 0 and t["max_score"] > 0 and "Not submitted" in t["output"] and "speedup.cu" in t["output"],
      f"wrapped: lesson4 is not 'not submitted' with 0: {t}")
check("Not submitted: lesson4" in j["output"], "wrapped: the output does not say lesson4 was not submitted")

for name, said in (("no-course", "course.yaml"), ("no-grader", "not built")):
    j, tests = load(name)
    check(j["score"] == 0 and not tests, f"{name}: score {j['score']} with {len(tests)} tests, not 0 with none")
    check("could not grade" in j["output"] and said in j["output"], f"{name}: the output does not say why: {j['output']!r}")

for p in problems: print("problem:", p)
print(f"checked 5 results.json files ({len(checks)} checks in the course, {full} points the cpu grades)")
sys.exit(1 if problems else 0)
PY
echo "PASS in $(( $(date +%s) - started )) s"
