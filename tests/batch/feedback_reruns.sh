#!/usr/bin/env bash
# A student pastes the commands of their feedback in their own kit: the
# exported student kit (kit.export_student's), with each lesson's file of the
# submission put where the feedback's commands name it (and no quiz answers
# where the feedback says none were handed in). The feedback is the batch's,
# graded under the course.yaml the kit was exported from (whatever the
# instructor made it). From the kit's root:
#   - "Rerun this lesson: ..." prints, word for word, the lesson's block of
#     the feedback (what `grader check` printed when the batch graded it);
#   - every "Rerun: ..." of a failed check runs to a verdict (exit 0 or 1)
#     and prints that check's line as the feedback has it.
# The kit's starter/ is put back afterwards.
# Usage: feedback_reruns.sh STUDENT_KIT GRADER COURSE CLASS_FOLDER STUDENT
set -uo pipefail
kit=$(realpath "$1") grader=$(realpath "$2") course=$(realpath "$3") class=$(realpath "$4") student=$5
export NO_COLOR=1
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$kit/build/grader/grader" ] || fail "no built student kit at $kit (kit.export_student builds it)"
work=$(mktemp -d)
mkdir -p "$work/class" && cp -r "$class/$student" "$work/class/" || fail "no $student in $class"
"$grader" batch "$work/class" --out "$work/results" --course "$course" --feedback "$work/feedback" > "$work/batch.log" 2>&1 ||
  { cat "$work/batch.log"; fail "grader batch failed"; }
feedback=$work/feedback/$student.txt
[ -s "$feedback" ] || fail "no feedback at $feedback"
class=$work/class
cp -r "$kit/starter" "$work/starter.orig" || fail "cannot keep the kit's starter"
trap 'rm -rf "$kit/starter" && mv "$work/starter.orig" "$kit/starter"; rm -rf "$work"' EXIT
cd "$kit" || fail "no $kit"

# The lines of check NAME in a `grader check` block: its own and the message's continuation lines.
check_lines() { awk -v name="$1" '$1 == name && $2 ~ /^(PASS|FAIL|SKIP|ERROR|TODO)$/ { on = 1; print; next }
                                   on && /^                           / { print; next } { on = 0 }'; }

lessons=0 reruns=0
while IFS= read -r header; do
  lesson=${header%%  *}
  rest=${header#*  }
  kitfile=${rest%%  (*}
  # The lesson's block in the feedback: from its `grader check` header to its score line.
  block=$(awk -v h="$header" '$0 == h { on = 1 } on { print } on && /^score / { exit }' "$feedback")
  graded=$(awk -v h="$header" '/^Graded: / { g = substr($0, 9) } $0 == h { print g; exit }' "$feedback")
  command=$(awk -v h="$header" '/^Rerun this lesson: / { c = substr($0, 20) } $0 == h { print c; exit }' "$feedback")
  [ -f "$class/$graded" ] || fail "$lesson: the graded file $graded is not in $class (a folder submission is needed)"
  [ -n "$command" ] || fail "$lesson: no 'Rerun this lesson' command before its block"
  cp "$class/$graded" "$kitfile" || fail "cannot put $graded at $kitfile"
  if grep -q "^  - $lesson: quiz answers missing" "$feedback"; then rm -f "$(dirname "$kitfile")/quiz_answers.yaml"; fi
  echo "== $lesson: $graded as $kitfile"
  echo "\$ $command"
  output=$(bash -c "$command" 2>&1)
  status=$?
  [ "$status" -le 1 ] || { echo "$output"; fail "'$command' exited $status"; }
  [ "$output" = "$block" ] || fail "'$command' printed
$output
  where the feedback has
$block"
  lessons=$((lessons + 1))
  while IFS= read -r rerun; do
    check=$(sed -E 's/.* --check ([a-z]+).*/\1/' <<<"$rerun")
    echo "\$ $rerun"
    output=$(bash -c "$rerun" 2>&1)
    status=$?
    [ "$status" -le 1 ] || { echo "$output"; fail "'$rerun' exited $status"; }
    expected=$(check_lines "$check" <<<"$block")
    actual=$(check_lines "$check" <<<"$output")
    [ -n "$actual" ] && [ "$actual" = "$expected" ] || fail "'$rerun' printed for $check
$actual
  where the feedback has
$expected"
    reruns=$((reruns + 1))
  done < <(grep -oE 'Rerun: build/grader/grader check .*' <<<"$block" | sed 's/^Rerun: //')
done < <(grep -E '^lesson[0-9]+  starter/[^ ]+  \(' "$feedback")
echo "$lessons lessons and $reruns failed checks rerun from the student kit, each as the feedback says"
[ "$lessons" -ge 1 ] && [ "$reruns" -ge 1 ] || fail "nothing to rerun in $feedback: is it a student with a failed check?"
