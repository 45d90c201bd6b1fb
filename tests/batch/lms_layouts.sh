#!/usr/bin/env bash
# Every LMS layout end to end: examples/make-class.py --lms-fixtures writes a
# Blackboard download (several attempts, two sharing every file name, two
# candidates for one lesson, a wrong extension, a file of nobody's), GitHub
# Classroom clones, a Gradescope export (a group submission) and Moodle's flat
# files (a zip, two candidates, a wrong extension, online text), each student
# handing in sample-class files. `grader batch` (cpu backend) grades each;
# its summary (layout line, notes), gradebook and each student's notes and
# graded files must equal the golden ones (tests/batch/lms_golden/;
# GOLDEN_UPDATE=1 rewrites them), lms_twins.py checks every lesson's score
# against the sample class's, and the downloads must be byte for byte as
# generated afterwards (nothing of a student's lost or overwritten).
# Exits 77 (CTest: skipped) without python3 (scripts/install-deps.sh --tests installs it).
# Usage: lms_layouts.sh GRADER KIT WORKDIR
set -euo pipefail
grader=$1 kit=$2 work=$3
here=$(dirname "$(realpath "$0")")
command -v python3 >/dev/null || { echo "skipped: python3 is not installed (apt-get install python3)"; exit 77; }
export NO_COLOR=1
rm -rf "$work" && mkdir -p "$work"
cd "$kit"
golden() {  # golden NAME FILE: FILE equals lms_golden/NAME
  if [ -n "${GOLDEN_UPDATE:-}" ]; then cp "$2" "$here/lms_golden/$1"; fi
  cmp -s "$2" "$here/lms_golden/$1" || { echo "$2 differs from tests/batch/lms_golden/$1:"; diff "$here/lms_golden/$1" "$2" || true; exit 1; }
}
digest() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }

python3 examples/make-class.py --lms-fixtures "$work/downloads"
digest "$work/downloads" >"$work/downloads.sha256"
for layout in blackboard github gradescope moodle-flat; do
  "$grader" batch "$work/downloads/$layout" --out "$work/$layout" --course tests/courses/course.yaml --backend cpu \
    >"$work/$layout.out" 2>&1 || { cat "$work/$layout.out"; exit 1; }
  cat "$work/$layout.out"
  # the summary: the notes on the download, the layout line and the counts (the time left out)
  grep -E '^(note: |layout: |[0-9]+ entries: )' "$work/$layout.out" | sed -E 's/, [0-9]+s\)$/)/' >"$work/$layout-summary.txt"
  name=${layout//-/_}
  golden "${name}_summary.txt" "$work/$layout-summary.txt"
  golden "${name}_gradebook.csv" "$work/$layout/gradebook.csv"
  # each student: the score, the notes and the file graded for each lesson
  python3 - "$work/$layout" >"$work/$layout-students.txt" <<'PY'
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    r = json.load(open(path, encoding='utf-8'))
    if not isinstance(r, dict) or 'lessons' not in r: continue
    print(f"{r['id']} ({r['name']}, {r['source']}): {r['score']}/{r['max_score']} {r['status']}{' late' if r.get('late') else ''}")
    for note in r['notes']: print(f"  note: {note}")
    for lesson in r['lessons']: print(f"  {lesson['lesson']}: {lesson['score']}/{lesson['max_score']} {lesson.get('file') or lesson['status']}")
PY
  golden "${name}_students.txt" "$work/$layout-students.txt"
done
python3 "$here/lms_twins.py" "$work/downloads/twins.json" "$here/sample_class_gradebook.csv" "$work"
digest "$work/downloads" | cmp -s - "$work/downloads.sha256" || { echo "grading changed the downloads:"; digest "$work/downloads" | diff "$work/downloads.sha256" - || true; exit 1; }
echo "every layout graded as the sample class; the downloads are as handed in"
