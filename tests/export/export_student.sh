#!/usr/bin/env bash
# The student kit end to end (the kit.export_student test):
#   1. `grader export-student` writes it into a fresh folder;
#   2. no solution text is in it: each distinctive line of solutions/ (a line
#      no starter and no lesson text contains; comments and blanks aside,
#      12 characters or more; not the trainer's progress files, whose answers
#      the kit's `grader trainer` gives) is searched with grep, binaries
#      included, and the instructor-only parts are absent;
#   3. it configures and builds on its own, with its own presets (at -O0);
#   4. `ctest --preset LESSON` there gives each check the verdict the full kit's
#      grader gives the same starter file;
#   5. its lessons/trainer.html is the page its own `grader trainer --html`
#      writes (the page's sources travel and build in the kit);
#   6. the exported grader grades the real solution of LESSON: every check
#      that can run here passes (so the compiled harness and its reference
#      kernels work);
#   7. what the student reads and runs first: the README, docs/student-guide.md
#      and CONTRACT.md (their student-kit parts, with contract.h's declarations)
#      name no instructor-only matter; every Markdown link of the kit names a
#      file the kit has (markdown_links.sh); the README and the student guide
#      name only paths the kit has (after the build, so
#      build/grader/grader counts); scripts/install-deps.sh, run with a fake
#      apt-get, installs exactly the build's packages (the compiler and CMake,
#      and one package per find_package of the kit's CMakeLists.txt files);
#      the README's `ctest --preset LESSON` fails outside the kit and before
#      the build, and passes in the built kit once the lesson's files are
#      the solutions.
# LESSON follows course.yaml: when the course no longer has it (an instructor
# removed it), the course's last lesson is checked instead.
# Usage: export_student.sh GRADER KIT WORKDIR [LESSON]   (exit 0: all good)
set -uo pipefail
grader=$1 kit=$2 work=$3 lesson=${4:-lesson4}
out=$work/kit
export NO_COLOR=1
fail() { echo "FAIL: $*"; exit 1; }
step() { echo "== $(date +%T) $*"; }
lessons=$("$grader" list --json --course "$kit/course.yaml" | grep -oE '"id": *"lesson[0-9]+"' | grep -oE 'lesson[0-9]+') ||
  fail "grader list failed"
if ! grep -qx "$lesson" <<< "$lessons"; then
  echo "course.yaml has no $lesson: checking its last lesson, $(tail -1 <<< "$lessons"), instead"
  lesson=$(tail -1 <<< "$lessons")
fi

step "export"
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
# An instructor keeps the kit in its own repository: a folder holding only
# .git is a fine target, and the export leaves the .git alone.
git init -q "$out" || fail "git init failed"
"$grader" export-student "$out" --cuda-archs 90 --course "$kit/course.yaml" || fail "grader export-student failed"
[ -f "$out/.git/HEAD" ] || fail "the export removed the kit folder's .git"

step "no solution text"
for part in solutions examples bench .ci grader/harness/harness.cu grader/harness/reference_kernels.h; do
  [ -e "$out/$part" ] && fail "$part is in the student kit"
done
[ "$(ls "$out/tests")" = "CMakeLists.txt" ] || fail "tests/ should hold only the lesson tests, not: $(ls "$out/tests")"
ls "$out"/grader/harness/prebuilt/cpu/libcuemu_harness_lesson{1,2,3,4}.a > /dev/null || fail "a compiled cpu harness is missing"
grep -q -e "<!--" -e "instructor-only" "$out/README.md" && fail "README.md keeps a marker or an instructor-only block"
[ -f "$out/docs/student-guide.md" ] || fail "docs/student-guide.md (its student-kit parts) is not in the student kit"
[ "$(ls "$out/docs")" = "student-guide.md" ] || fail "docs/ should hold only the student guide, not: $(ls "$out/docs")"
grep -q -e "<!--" "$out/docs/student-guide.md" && fail "docs/student-guide.md keeps a marker"
[ -f "$out/CONTRACT.md" ] || fail "CONTRACT.md (its student-kit parts) is not in the student kit"
grep -q -e "<!--" "$out/CONTRACT.md" && fail "CONTRACT.md keeps a marker"
grep -n -i -E 'bench/|\.ci/|batch|export|solutions|examples/|instructor' "$out/CONTRACT.md" &&
  fail "CONTRACT.md's student-kit parts speak of the instructor's kit (above)"
grep -qF "$(grep -m1 'timeLaunchMs(LaunchFn' "$kit/grader/harness/contract.h")" "$out/CONTRACT.md" ||
  fail "CONTRACT.md in the student kit lacks the declarations of grader/harness/contract.h"
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
done < <(find "$kit/solutions" -type f ! -name trainer_progress.yaml -print0)  # the trainer's answers: `grader trainer` shows each
[ "$checked" -ge 20 ] || fail "only $checked distinctive solution lines found: is solutions/ there?"
echo "none of $checked distinctive solution lines is in the student kit"

step "every Markdown link of the student kit names a file it has"
bash "$(dirname "$0")/markdown_links.sh" "$out" || fail "a link of the student kit's Markdown files is broken (above)"

step "the student's install script installs the build's packages only"
# The Debian package of each find_package(... REQUIRED) a kit's CMakeLists.txt may hold.
declare -A debian=([yaml-cpp]=libyaml-cpp-dev [nlohmann_json]=nlohmann-json3-dev [CLI11]=libcli11-dev
                   [Boost]=libboost-context-dev [LibArchive]=libarchive-dev [Threads]= [ZLIB]=zlib1g-dev)
needed="cmake ninja-build g++ make binutils"  # the compiler (binutils: ar, and addr2line names source lines), CMake and its generator
for name in $(grep -rhoE --include=CMakeLists.txt --include='*.cmake' 'find_package\([A-Za-z0-9_-]+' "$out" | sed 's/.*(//' | sort -u); do
  [ -v "debian[$name]" ] || fail "the student kit finds package $name: add its Debian package to this test's table and to scripts/install-deps.sh"
  needed="$needed ${debian[$name]}"
done
# The emulator's front end links clang and LLVM statically, found with llvm-config, and terminfo beside them.
grep -rqE --include=CMakeLists.txt 'find_program\(LLVM_CONFIG' "$out" && needed="$needed libclang-14-dev llvm-14-dev libncurses-dev"
# Nettle, found by its header and library: it seals and checks the quiz answers.
grep -rqE --include=CMakeLists.txt 'find_path\(NETTLE_INCLUDE_DIR' "$out" && needed="$needed nettle-dev"
mkdir -p "$work/fake-bin"
printf '#!/bin/sh\necho "$*" >> "%s"\n' "$work/apt-get.log" > "$work/fake-bin/apt-get" && chmod +x "$work/fake-bin/apt-get"
PATH="$work/fake-bin:$PATH" bash "$out/scripts/install-deps.sh" > /dev/null || fail "the student kit's scripts/install-deps.sh failed (apt-get faked)"
installed=$(sed -n 's/^install //p' "$work/apt-get.log" | tr ' ' '\n' | grep -v '^-' | grep . | sort -u)
needed=$(echo $needed | tr ' ' '\n' | sort -u)
echo "installs: $(echo $installed)"
[ "$installed" = "$needed" ] || fail "scripts/install-deps.sh should install exactly: $(echo $needed)
  beyond that: $(comm -23 <(echo "$installed") <(echo "$needed") | tr '\n' ' ')
  missing: $(comm -13 <(echo "$installed") <(echo "$needed") | tr '\n' ' ')"

step "the README's ctest command fails outside the kit and before the build"
preset_command=$(grep -oE 'ctest --preset lesson1' "$out/README.md" | head -1)
[ -n "$preset_command" ] || fail "README.md does not tell the student to run 'ctest --preset lesson1'"
preset_command=${preset_command/lesson1/$lesson}
for folder in "$work" "$out/starter" "$out"; do  # no presets, a subfolder, the kit before its build
  if (cd "$folder" && $preset_command > "$work/ctest-nowhere.log" 2>&1); then
    cat "$work/ctest-nowhere.log"; fail "'$preset_command' passes in $folder, where it runs no test"
  fi
done
rmdir "$out/build" 2> /dev/null  # ctest leaves an empty build folder

step "configure and build the student kit on its own"
cd "$out" || fail "no $out"
if ! cmake --preset default -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 > "$work/configure.log" 2>&1; then
  tail -30 "$work/configure.log"; fail "the student kit does not configure"
fi
if ! cmake --build --preset default > "$work/build.log" 2>&1; then
  grep -m 20 -E "error|Error" "$work/build.log"
  echo "(the libraries compile in unity batches: two of a library's files defining one name in an anonymous namespace clash there)"
  fail "the student kit does not build"
fi

step "the student kit's grader has the student's verbs only"
help=$(build/grader/grader --help) || fail "grader --help fails in the student kit"
for verb in check list quiz tilemap trainer; do
  grep -qE "^  $verb " <<<"$help" || fail "the student kit's grader --help lacks $verb"
done
grep -qE "^  (batch|export-student|export-gradescope|gradescope-results) " <<<"$help" &&
  fail "the student kit's grader lists an instructor's verb: $help"
build/grader/grader batch "$kit/examples/class" --out "$work/no-batch" > "$work/no-batch.log" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "is the instructor's, and this grader was built without it" "$work/no-batch.log" ||
  fail "grader batch in the student kit: exit $status, $(cat "$work/no-batch.log")"
[ -e "$work/no-batch" ] && fail "grader batch in the student kit wrote $work/no-batch"
echo "the student kit's grader: $(grep -cE '^  [a-z-]+ ' <<<"$help") verbs; grader batch there: exit 2, named as the instructor's"

step "the kit's trainer page is the one its own grader writes"
[ -s lessons/trainer.html ] || fail "the student kit has no lessons/trainer.html"
build/grader/grader trainer --html "$work/trainer.html" > /dev/null || fail "the student kit's grader cannot write the trainer page"
cmp -s lessons/trainer.html "$work/trainer.html" || fail "lessons/trainer.html differs from what the kit's grader trainer --html writes"

step "ctest --preset $lesson in the student kit, against the full kit's verdicts"
folder=$(sed -n "/id: $lesson\$/,/label:/s/^ *folder: *//p" "$kit/course.yaml")
file=$(sed -n "/id: $lesson\$/,/label:/s/^ *student_file: *//p" "$kit/course.yaml")
expected=$(cd "$kit" && "$grader" check "$lesson" "starter/$folder/$file" --course "$kit/course.yaml" --seed 1 |
           awk '$2 ~ /^(PASS|FAIL|SKIP|ERROR|TODO)$/ { print $1, ($2 == "TODO" ? "SKIP" : $2) }')  # a reminder is CTest's skip
[ -n "$expected" ] || fail "the full kit's grader printed no verdicts"
actual=$($preset_command 2>&1 |
         sed -nE "s/.*Test +#[0-9]+: $lesson\.([a-z]+) .*(Passed|Failed|Skipped|Not Run).*/\1 \2/p" |
         sed -e 's/Passed/PASS/; s/Failed/FAIL/; s/Skipped/SKIP/; s/Not Run/SKIP/' | sort)
expected=$(echo "$expected" | sort)
echo "full kit:    $(echo $expected)"
echo "student kit: $(echo $actual)"
[ "$expected" = "$actual" ] || fail "the verdicts differ"

step "the exported grader passes the real solution"
[ -f "$kit/solutions/$folder/$file" ] || fail "no solution for $lesson"
build/grader/grader check "$lesson" "$kit/solutions/$folder/$file" --seed 1 || fail "the exported grader fails the solution of $lesson"

step "'$preset_command' passes in the kit once the lesson's files are the solutions"
cp -r starter "$work/starter.orig" || fail "cannot keep the starter"
for part in "$file" quiz_answers.yaml trainer_progress.yaml; do  # the lesson's file and what its quiz and trainer checks read
  [ ! -f "$kit/solutions/$folder/$part" ] || cp "$kit/solutions/$folder/$part" "starter/$folder/" || fail "cannot copy the solution in"
done
$preset_command > "$work/ctest-solution.log" 2>&1
status=$?
rm -rf starter && mv "$work/starter.orig" starter
[ $status -eq 0 ] || { cat "$work/ctest-solution.log"; fail "'$preset_command' fails the solution of $lesson"; }
grep -E "tests passed|Skipped" "$work/ctest-solution.log"

step "the README and the student guide name only what the kit has"
student_docs="README.md docs/student-guide.md"
# Instructor-only matters.
grep -n -i -E 'bench/|\.ci/|batch|export|solutions|examples/|instructor|--preset kit|--workflow' $student_docs &&
  fail "the README or the student guide speaks of the instructor's kit (above)"
# Every relative path in its inline code and code blocks; a bare file name must be somewhere in the kit,
# but for the files the student's commands write.
written=" quiz_answers.tries.yaml "  # `grader quiz` records wrong answers there
paths=$(awk '/^```/ { fenced = !fenced; next }
             fenced { print; next }
             { line = $0; while (match(line, /`[^`]+`/)) { print substr(line, RSTART + 1, RLENGTH - 2); line = substr(line, RSTART + RLENGTH) } }' $student_docs |
        tr -s ' \t()",;' '\n' | sed -E 's/[.:]+$//; s/:[0-9]+$//' |
        grep -E '^[A-Za-z0-9_][A-Za-z0-9_./-]*$' | grep '[A-Za-z]' | grep -E '/|\.(md|cu|h|cpp|yaml|json|txt|sh|cmake)$' | sort -u)
count=0
for path in $paths; do
  count=$((count + 1))
  [[ "$written" == *" ${path##*/} "* ]] && continue
  case "$path" in
    */*) [ -e "$path" ] || fail "$student_docs: $path is named, which the student kit does not have" ;;
    *) [ -n "$(find . -path ./build -prune -o -name "$path" -print -quit)" ] || fail "$student_docs: $path is named, which is nowhere in the student kit" ;;
  esac
done
[ "$count" -ge 10 ] || fail "only $count paths found in $student_docs: is the scan broken?"
echo "all $count paths $student_docs name are in the kit: $(echo $paths)"
step "done"
