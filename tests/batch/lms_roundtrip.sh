#!/usr/bin/env bash
# The round trip through an LMS: `grader batch` grades the sample Canvas
# download and the sample Moodle download (examples/) with the roster, and
# exports their import files; the gradebooks, import files and the text of
# each file in moodle_feedback.zip must equal the golden ones
# (tests/batch/lms_golden/; GOLDEN_UPDATE=1 rewrites them), and
# lms_import_check.rb reads the import files as Canvas and Moodle do and
# checks every student's score against the batch's results. Exits 77
# (CTest: skipped) without ruby or unzip (scripts/install-deps.sh --tests installs both).
# Usage: lms_roundtrip.sh GRADER KIT WORKDIR
set -euo pipefail
grader=$1 kit=$2 work=$3
here=$(dirname "$(realpath "$0")")
for tool in ruby unzip; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed (apt-get install $tool)"; exit 77; }
done
export NO_COLOR=1
rm -rf "$work" && mkdir -p "$work"
cd "$kit"
golden() {  # golden NAME FILE: FILE equals lms_golden/NAME (CRLF kept as is)
  if [ -n "${GOLDEN_UPDATE:-}" ]; then cp "$2" "$here/lms_golden/$1"; fi
  cmp -s "$2" "$here/lms_golden/$1" || { echo "$2 differs from tests/batch/lms_golden/$1:"; diff "$here/lms_golden/$1" "$2" || true; exit 1; }
}

"$grader" batch examples/canvas --out "$work/canvas" --course tests/courses/course.yaml --roster examples/roster.csv \
  --export canvas,csv --assignment "Tiled matmul" --assignment-id 4242 >"$work/canvas.out" 2>&1 || { cat "$work/canvas.out"; exit 1; }
cat "$work/canvas.out"
grep -q "^layout: Canvas flat, 4 students$" "$work/canvas.out" || { echo "the summary does not name the layout"; exit 1; }
golden canvas_gradebook.csv "$work/canvas/gradebook.csv"
golden canvas_import.csv "$work/canvas/canvas_import.csv"
ruby "$here/lms_import_check.rb" canvas "$work/canvas"

"$grader" batch examples/moodle --out "$work/moodle" --course tests/courses/course.yaml --roster examples/roster.csv \
  --export moodle --assignment "Tiled matmul" >"$work/moodle.out" 2>&1 || { cat "$work/moodle.out"; exit 1; }
cat "$work/moodle.out"
grep -q "^layout: Moodle, 3 students$" "$work/moodle.out" || { echo "the summary does not name the layout"; exit 1; }
golden moodle_gradebook.csv "$work/moodle/gradebook.csv"
golden moodle_grades.csv "$work/moodle/moodle_grades.csv"
unzip -Z1 "$work/moodle/moodle_feedback.zip" >"$work/moodle-zip.txt"
golden moodle_feedback_zip.txt "$work/moodle-zip.txt"
# the text of each feedback file, as Moodle hands it to the student (the time of grading left out)
mkdir "$work/moodle-zip" && unzip -q "$work/moodle/moodle_feedback.zip" -d "$work/moodle-zip"
while IFS= read -r entry; do
  printf '=== %s ===\n' "$entry"
  sed -E 's/^Graded [0-9T:Z-]+ on /Graded (time) on /' "$work/moodle-zip/$entry"
done <"$work/moodle-zip.txt" >"$work/moodle-feedback.txt"
golden moodle_feedback.txt "$work/moodle-feedback.txt"
ruby "$here/lms_import_check.rb" moodle "$work/moodle"
echo "round trip: every student's score reads back as graded"
