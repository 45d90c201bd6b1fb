#!/usr/bin/env bash
# The Gradescope autograder end to end (the kit.export_gradescope test), run
# the way Gradescope runs it:
#   1. `grader export-gradescope` writes the zip; it holds setup.sh and
#      run_autograder (executable) at its root and no solution text;
#   2. the zip is unpacked into WORK/autograder/source, and bubblewrap makes
#      Gradescope's Docker container around it: WORK/autograder mounted at
#      /autograder, a writable copy of /etc (setup.sh adds a user), the rest
#      of the machine read-only, a private /tmp and pid namespace, root with
#      Docker's default capabilities (no CAP_SYS_ADMIN) and Docker's seccomp
#      rule against new namespaces (tests/export/docker_seccomp.py), so that
#      bubblewrap cannot run inside, as on Gradescope. There setup.sh runs (its
#      package step finds the packages installed; GRADER_PREBUILT: the grader
#      under test instead of a second build), then /autograder/run_autograder
#      for each submission:
#        correct    the solutions                 -> full marks on every check the cpu can grade
#        broken     the starters                  -> less, rerun commands for the student's kit
#        wrapped    lessons 1-3 of the solutions in a folder around them (my-kit/...), lesson 4 missing
#                                                 -> lessons 1-3 full, lesson 4 "not submitted", 0
#        hostile-*  lessons 2-4 of the solutions, and a lesson-1 file (tests/export/hostile/) that
#                   forges results.json and exits, kills the grader and its group, or leaves a daemon
#                   that keeps writing results.json -> that lesson fails with the reason (its compile
#                   point aside), every other lesson full, the grader's own results.json, nothing
#                   else in /autograder/results, no process left in the container a second later
#        unconfinable  the solutions, but prlimit missing so no user confinement can be made
#                                                 -> refused (never run as root): the grader's error, score 0
#        no course  course.yaml unreadable        -> the grader's error, score 0
#        no grader  the grader missing            -> run_autograder's own results.json, score 0
#        killed     a grader that writes a forged results.json and is killed before it exits
#                                                 -> "grading was interrupted", score 0
#   3. each results.json is checked by python3 against Gradescope's format:
#      every test has name, score, max_score, output and visibility; the
#      score is the tests' sum; execution_time is there.
# Skipped (77) where bwrap or python3 is missing, or not run as root (Gradescope's container is root's).
# Usage: gradescope.sh GRADER KIT WORKDIR   (exit 0: all good)
set -uo pipefail
grader=$1 kit=$2 work=$3
fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $(date +%T) $*"; }
command -v bwrap > /dev/null || { echo "bwrap is not installed (Debian package bubblewrap): skipped"; exit 77; }
command -v python3 > /dev/null || { echo "python3 is not installed (Debian package python3): skipped"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "not root: Gradescope's container (root with Docker's capabilities) cannot be made: skipped"; exit 77; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
grader=$(realpath "$grader") kit=$(realpath "$kit")
rm -rf "$work"
mkdir -p "$work" || fail "cannot create $work"
work=$(realpath "$work")
started=$(date +%s)

# The course's lessons (it may lack some: the test follows course.yaml): their folders, the last one, and lesson1's.
"$grader" list --json --course "$kit/course.yaml" > "$work/course.json" || fail "grader list failed"
mapfile -t folders < <(python3 -c 'import json,sys; [print(l["folder"]) for l in json.load(open(sys.argv[1]))["lessons"]]' "$work/course.json")
last_folder=${folders[-1]}
lesson1_folder=$(python3 -c 'import json,sys; print(next((l["folder"] for l in json.load(open(sys.argv[1]))["lessons"] if l["id"] == "lesson1"), ""))' "$work/course.json")

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

# Gradescope's container: /autograder, a writable /etc, everything else of this machine read-only, /tmp and
# the pids private; root with Docker's default capabilities and its seccomp rule against new namespaces.
python3 "$here/docker_seccomp.py" "$work/docker.bpf" || { echo "no seccomp program for this machine: skipped"; exit 77; }
cp -a /etc "$work/etc" 2> /dev/null
docker_caps=(--cap-drop ALL)
for cap in CHOWN DAC_OVERRIDE FOWNER FSETID KILL SETGID SETUID SETPCAP NET_BIND_SERVICE NET_RAW SYS_CHROOT MKNOD AUDIT_WRITE SETFCAP; do
  docker_caps+=(--cap-add "CAP_$cap")
done
container_changes=()
in_gradescope() {
  local args=(--die-with-parent --unshare-pid --proc /proc --dev /dev --tmpfs /tmp --bind "$root" /autograder --bind "$work/etc" /etc
              --chdir /autograder "${docker_caps[@]}" --seccomp 9)
  local entry
  for entry in /*; do
    case "$entry" in /proc|/dev|/tmp|/autograder|/etc) continue ;; esac
    if [ -L "$entry" ]; then args+=(--symlink "$(readlink "$entry")" "$entry")
    elif [ -d "$entry" ]; then args+=(--ro-bind "$entry" "$entry"); fi
  done
  args+=("${container_changes[@]}")  # a case's own change to the container (the unconfinable one)
  # The grader under test and its runtime folder, also where they lie under /tmp (a CI clone).
  args+=(--ro-bind "$(dirname "$(realpath "$grader")")" "$(dirname "$(realpath "$grader")")")
  bwrap "${args[@]}" env GRADER_PREBUILT="$grader" "$@" 9< "$work/docker.bpf"
}
in_gradescope true || { echo "bwrap cannot run here (it needs root or user namespaces): skipped"; exit 77; }
in_gradescope bwrap --ro-bind / / true 2> /dev/null && fail "bubblewrap runs inside the container: it is not Gradescope's"
in_gradescope setpriv --reuid=65534 --regid=65534 --clear-groups true || fail "root in the container cannot change its uid"
echo "the container: root with Docker's capabilities, bubblewrap refused inside, as on Gradescope"

step "setup.sh"
in_gradescope bash /autograder/source/setup.sh > "$work/setup.log" 2>&1 || { cat "$work/setup.log"; fail "setup.sh failed"; }
cat "$work/setup.log"
grep -q "the packages are installed" "$work/setup.log" || fail "setup.sh did not find the packages installed"
grep -q "created the user grader-student" "$work/setup.log" || fail "setup.sh did not create the user student code runs as"

# grade NAME: runs run_autograder on $root/submission, keeps results.json as WORK/NAME.json; a second later
# (a daemon student code left would have rewritten results.json by then) no process may be left in the
# container, of any user, and /autograder/results must hold results.json alone.
grade() {
  rm -rf "$root/results" && mkdir -p "$root/results"
  in_gradescope bash -c '/autograder/run_autograder; sleep 1
                         ps -e -o pid=,ppid=,user=,args= > /tmp/processes
                         left=$(awk -v me=$$ '"'"'$1 != 1 && $1 != me && $2 != me'"'"' /tmp/processes)
                         [ -z "$left" ] || { echo "LEFT RUNNING after run_autograder:"; echo "$left"; exit 3; }' \
    > "$work/$1.log" 2>&1 || { cat "$work/$1.log"; fail "$1: run_autograder failed, or left a process running"; }
  cat "$work/$1.log"
  [ -s "$root/results/results.json" ] || fail "$1: no results.json"
  [ "$(ls -A "$root/results")" = results.json ] || fail "$1: /autograder/results holds more than results.json: $(ls -A "$root/results")"
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
rm -rf "$work/my-kit" && mkdir -p "$work/my-kit/starter"
for folder in "${folders[@]}"; do [ "$folder" = "$last_folder" ] || cp -r "$kit/solutions/$folder" "$work/my-kit/starter/"; done
submit "$work/my-kit"
grade wrapped
for hostile in forge_results kill_parent linger; do
  [ -n "$lesson1_folder" ] || { echo "course.yaml has no lesson1: the hostile lesson-1 files are not tried"; break; }
  step "hostile-$hostile: the other lessons' solutions, a lesson-1 file that tries to decide the score"
  rm -rf "$work/hostile" && mkdir -p "$work/hostile/$lesson1_folder"
  for folder in "${folders[@]}"; do [ "$folder" = "$lesson1_folder" ] || cp -r "$kit/solutions/$folder" "$work/hostile/"; done
  cp "$here/hostile/$hostile/matmul_naive.cu" "$work/hostile/$lesson1_folder/"
  submit "$work/hostile"/*
  grade "hostile-$hostile"
  grep -q "in user-only confinement (bubblewrap cannot run here) as uid $(in_gradescope id -u grader-student):" "$work/hostile-$hostile.log" ||
    fail "hostile-$hostile: student code was not confined by user grader-student"
done
step "unconfinable: the solutions, where confining by user cannot work (no prlimit): refused, never run as root"
submit "$kit"/solutions/*
container_changes=(--ro-bind /dev/null /usr/bin/prlimit)
grade unconfinable
container_changes=()
step "no course: the grader cannot read course.yaml"
mv "$root/source/kit/course.yaml" "$root/source/kit/course.yaml.away"
grade no-course
mv "$root/source/kit/course.yaml.away" "$root/source/kit/course.yaml"
step "no grader: setup.sh did not build it"
mv "$root/source/kit/build/grader/grader" "$root/source/kit/build/grader/grader.away"
grade no-grader
mv "$root/source/kit/build/grader/grader.away" "$root/source/kit/build/grader/grader"
step "killed: a grader that writes a forged results.json, then is killed before it exits"
mv "$root/source/kit/build/grader/grader" "$root/source/kit/build/grader/grader.away"
cat > "$root/source/kit/build/grader/grader" <<'SH'
#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
echo '{"score": 999, "output": "forged", "tests": []}' > "$out"
kill -KILL $$
SH
chmod +x "$root/source/kit/build/grader/grader"
grade killed
mv "$root/source/kit/build/grader/grader.away" "$root/source/kit/build/grader/grader"

step "results.json against Gradescope's format"
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
last = course["lessons"][-1]
but_last = {l["id"] for l in course["lessons"][:-1]}
check(j["score"] == graded_lessons("wrapped", tests, but_last), f"wrapped: {sorted(but_last)} not full: {j['score']}")
t = tests.get(last["id"] + ": not submitted")
check(t is not None and t["score"] == 0 and t["max_score"] > 0 and "Not submitted" in t["output"] and last["student_file"] in t["output"],
      f"wrapped: {last['id']} is not 'not submitted' with 0: {t}")
check("Not submitted: " + last["id"] in j["output"], f"wrapped: the output does not say {last['id']} was not submitted")

others = {l["id"] for l in course["lessons"] if l["id"] != "lesson1"}
for hostile in ("forge_results", "kill_parent", "linger") if "lesson1" in every else ():
    name = "hostile-" + hostile
    j, tests = load(name)
    rest = graded_lessons(name, tests, others)
    check(j["output"].startswith("Graded on the cpu backend"), f"{name}: not the grader's results.json: {j['output']!r}")
    compile_points = sum(p for l, c, p in checks if l == "lesson1" and c == "compile")
    check(j["score"] == rest + compile_points, f"{name}: score {j['score']}, not the other lessons' {rest} and lesson1's compile point")
    for t in tests.values():
        if not t["name"].startswith("lesson1: ") or t["name"] == "lesson1: compile":
            continue
        check(t["score"] == 0 and t.get("status") == "failed" and t["output"].strip(), f"{name}: {t['name']} is not 0 with a reason: {t}")
    correctness = tests.get("lesson1: correctness", {}).get("output", "")
    print(f"{name}: {j['score']} points; lesson1 correctness: {correctness.splitlines()[0] if correctness else '(none)'}")

for name, said in (("no-course", "course.yaml"), ("no-grader", "not built"), ("killed", "interrupted"),
                   ("unconfinable", "refusing to run student code as root without confinement")):
    j, tests = load(name)
    check(j["score"] == 0 and not tests, f"{name}: score {j['score']} with {len(tests)} tests, not 0 with none")
    check("could not grade" in j["output"] and said in j["output"], f"{name}: the output does not say why: {j['output']!r}")

for p in problems: print("problem:", p)
print(f"checked the results.json files ({len(checks)} checks in the course, {full} points the cpu grades)")
sys.exit(1 if problems else 0)
PY
echo "PASS in $(( $(date +%s) - started )) s"
