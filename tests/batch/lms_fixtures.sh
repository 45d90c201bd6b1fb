#!/usr/bin/env bash
# Each LMS's download as the LMS writes it today, end to end (the
# kit.batch.lms_fixtures test): for every fixture in tests/batch/lms_fixtures/
# (its README.md names the LMS source or documentation it follows),
# make_download.py writes its download from the kit's files; then each run of
# its runs.txt grades it with `grader batch` (cpu backend; SUBMISSIONS a
# folder of the download, or @zip: the download zipped, as the LMS hands it
# out) into its results. Compared with the fixture's golden/ (GOLDEN_UPDATE=1
# rewrites them): the summary (notes, layout, counts), the gradebook, each
# student's score, notes and graded files, and every import file written
# (canvas_import.csv, moodle_grades.csv, moodle_worksheet.csv, the names in
# moodle_feedback.zip). lms_import_check.rb then reads the import files as
# Canvas and Moodle read them and checks each student's grade against the
# results, and the download must be byte for byte as written (nothing of a
# student's changed). Exits 77 (CTest: skipped) without python3, ruby or unzip.
# Usage: lms_fixtures.sh GRADER KIT WORKDIR
set -euo pipefail
grader=$(realpath "$1") kit=$(realpath "$2") work=$3
here=$(dirname "$(realpath "$0")")
for tool in python3 ruby unzip; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed (scripts/install-deps.sh --tests installs it)"; exit 77; }
done
export NO_COLOR=1
rm -rf "$work" && mkdir -p "$work" && work=$(realpath "$work")
course=$kit/tests/courses/course.yaml
failed=0
golden() {  # golden FIXTURE NAME FILE: FILE equals FIXTURE/golden/NAME
  local want=$here/lms_fixtures/$1/golden/$2
  if [ -n "${GOLDEN_UPDATE:-}" ]; then mkdir -p "$(dirname "$want")" && cp "$3" "$want"; fi
  cmp -s "$3" "$want" || { echo "FAIL: $3 differs from tests/batch/lms_fixtures/$1/golden/$2:"; diff "$want" "$3" || true; failed=1; }
}
digest() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }

for fixture_dir in "$here"/lms_fixtures/*/; do
  fixture=$(basename "$fixture_dir")
  echo "== $fixture"
  download=$work/$fixture/download
  python3 "$here/lms_fixtures/make_download.py" "$fixture_dir" "$kit" "$download"
  digest "$download" >"$work/$fixture/download.sha256"
  while IFS='|' read -r run submissions options; do
    run=$(echo $run) submissions=$(echo $submissions)
    [ -z "$run" ] || [ "${run:0:1}" = "#" ] && continue
    out=$work/$fixture/$run
    if [ "$submissions" = "@zip" ]; then
      submissions=$work/$fixture/$fixture.zip
      (cd "$download" && python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for folder, _, files in sorted(os.walk(".")):
        for name in sorted(files): z.write(os.path.join(folder, name), os.path.relpath(os.path.join(folder, name), "."))' "$submissions")
    else
      submissions=$download/$submissions
    fi
    eval "args=($options)"
    status=0
    (cd "$fixture_dir" && "$grader" batch "$submissions" --out "$out" --course "$course" --backend cpu "${args[@]}") \
      >"$out.log" 2>&1 || status=$?
    cat "$out.log"
    [ "$status" -le 1 ] || { echo "FAIL: $fixture/$run: grader batch exited $status"; failed=1; continue; }
    # The summary: what was unpacked, the notes, the layout, the counts and what the import files left out (no times, no paths).
    grep -E '^(SUBMISSIONS: |note: |layout: |[0-9]+ entries: |roster: |warning: )' "$out.log" |
      sed -E -e 's/, [0-9]+s\)$/)/' -e "s#$work/##g" >"$out-summary.txt"
    golden "$fixture" "$run-summary.txt" "$out-summary.txt"
    golden "$fixture" "$run-gradebook.csv" "$out/gradebook.csv"
    python3 - "$out" >"$out-students.txt" <<'PY'
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.json'))):
    r = json.load(open(path, encoding='utf-8'))
    if not isinstance(r, dict) or 'lessons' not in r: continue
    print(f"{r['id']} ({r['name']}, {r['source']}): {r['score']}/{r['max_score']} {r['status']}{' late' if r.get('late') else ''}"
          f"{': ' + r['message'] if r.get('message') else ''}")
    for note in r['notes']: print(f"  note: {note}")
    for lesson in r['lessons']: print(f"  {lesson['lesson']}: {lesson['score']}/{lesson['max_score']} {lesson.get('file') or lesson['status']}")
PY
    golden "$fixture" "$run-students.txt" "$out-students.txt"
    for file in canvas_import.csv moodle_grades.csv moodle_worksheet.csv; do
      [ -f "$out/$file" ] && golden "$fixture" "$run-$file" "$out/$file"
    done
    if [ -f "$out/moodle_feedback.zip" ]; then
      unzip -Z1 "$out/moodle_feedback.zip" >"$out-feedback-zip.txt" || true
      golden "$fixture" "$run-moodle_feedback_zip.txt" "$out-feedback-zip.txt"
    fi
    for lms in canvas moodle; do
      if ls "$out/${lms}"_* >/dev/null 2>&1; then
        (cd "$fixture_dir" && ruby "$here/lms_import_check.rb" "$lms" "$out") || { echo "FAIL: $fixture/$run: $lms reads its import files otherwise"; failed=1; }
      fi
    done
  done <"$fixture_dir/runs.txt"
  digest "$download" | cmp -s - "$work/$fixture/download.sha256" || { echo "FAIL: $fixture: grading changed the download"; failed=1; }
done
[ "$failed" -eq 0 ] || exit 1
echo "every LMS fixture graded and read back as its LMS reads it"
