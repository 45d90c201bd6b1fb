#!/usr/bin/env bash
# The student kit end to end (the kit.export_student test):
#   1. `grader export-student` writes it into a fresh folder;
#   2. no solution text is in it: each distinctive line of solutions/ (a line
#      no starter and no lesson text contains; comments and blanks aside,
#      12 characters or more) is searched with grep, binaries included, and
#      the instructor-only parts are absent;
#   3. it configures and builds on its own, with its own presets (at -O0,
#      the core in unity batches: tests/export/fast_build.cmake);
#   4. `ctest -L LESSON` there gives each check the verdict the full kit's
#      grader gives the same starter file;
#   5. the exported grader grades the real solution of LESSON: every check
#      that can run here passes (so the compiled harness and its reference
#      kernels work).
# Usage: export_student.sh GRADER KIT WORKDIR [LESSON]   (exit 0: all good)
set -uo pipefail
grader=$1 kit=$2 work=$3 lesson=${4:-lesson4}
out=$work/kit
export NO_COLOR=1
fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $(date +%T) $*"; }

step "export"
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
"$grader" export-student "$out" --cuda-archs 90 --course "$kit/course.yaml" || fail "grader export-student failed"

step "no solution text"
for part in solutions examples bench .ci grader/harness/harness.cu grader/harness/reference_kernels.h; do
  [ -e "$out/$part" ] && fail "$part is in the student kit"
done
[ "$(ls "$out/tests")" = "CMakeLists.txt" ] || fail "tests/ should hold only the lesson tests, not: $(ls "$out/tests")"
ls "$out"/grader/harness/prebuilt/cpu/libcuemu_harness_lesson{1,2,3,4}.a > /dev/null || fail "a compiled cpu harness is missing"
grep -q "instructor-only" "$out/README.md" && fail "README.md keeps an instructor-only block"
grep -q '"kit"' "$out/CMakePresets.json" && fail "CMakePresets.json keeps the kit preset"
known=$work/known.txt
cat "$kit"/starter/*/* "$kit"/lessons/*/README*.md > "$known"
checked=0
while IFS= read -r -d '' solution; do
  case "$solution" in *.yaml) comment='s/(^| )#.*$//' ;; *) comment='s://.*$::' ;; esac
  while IFS= read -r line; do
    [ ${#line} -ge 12 ] || continue
    grep -qF -- "$line" "$known" && continue
    checked=$((checked + 1))
    hits=$(grep -rlF -- "$line" "$out")
    [ -n "$hits" ] && fail "solution text '$line' (${solution#$kit/}) is in: $hits"
  done < <(sed -E "$comment; s/^[[:space:]]+//; s/[[:space:]]+\$//" "$solution")
done < <(find "$kit/solutions" -type f -print0)
[ "$checked" -ge 20 ] || fail "only $checked distinctive solution lines found: is solutions/ there?"
echo "none of $checked distinctive solution lines is in the student kit"

step "configure and build the student kit on its own"
cd "$out" || fail "no $out"
if ! cmake --preset default -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 \
     -DCMAKE_PROJECT_INCLUDE="$kit/tests/export/fast_build.cmake" > "$work/configure.log" 2>&1; then
  tail -30 "$work/configure.log"; fail "the student kit does not configure"
fi
if ! cmake --build --preset default > "$work/build.log" 2>&1; then
  grep -m 20 -E "error|Error" "$work/build.log"
  echo "(the test compiles grader_core in unity batches: two of its files defining one name in an anonymous namespace clash there)"
  fail "the student kit does not build"
fi

step "ctest -L $lesson in the student kit, against the full kit's verdicts"
folder=$(sed -n "/id: $lesson\$/,/label:/s/^ *folder: *//p" "$kit/course.yaml")
file=$(sed -n "/id: $lesson\$/,/label:/s/^ *student_file: *//p" "$kit/course.yaml")
expected=$(cd "$kit" && "$grader" check "$lesson" "starter/$folder/$file" --course "$kit/course.yaml" --seed 1 |
           awk '$2 ~ /^(PASS|FAIL|SKIP|ERROR)$/ { print $1, $2 }')
[ -n "$expected" ] || fail "the full kit's grader printed no verdicts"
actual=$(ctest --test-dir build -L "^$lesson\$" -j2 2>&1 |
         sed -nE "s/.*Test +#[0-9]+: $lesson\.([a-z]+) .*(Passed|Failed|Skipped|Not Run).*/\1 \2/p" |
         sed -e 's/Passed/PASS/; s/Failed/FAIL/; s/Skipped/SKIP/; s/Not Run/SKIP/' | sort)
expected=$(echo "$expected" | sort)
echo "full kit:    $(echo $expected)"
echo "student kit: $(echo $actual)"
[ "$expected" = "$actual" ] || fail "the verdicts differ"

step "the exported grader passes the real solution"
[ -f "$kit/solutions/$folder/$file" ] || fail "no solution for $lesson"
build/grader/grader check "$lesson" "$kit/solutions/$folder/$file" --seed 1 || fail "the exported grader fails the solution of $lesson"
step "done"
