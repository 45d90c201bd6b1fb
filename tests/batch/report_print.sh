#!/usr/bin/env bash
# Prints report.html to PDF in headless Debian chromium, as File > Print
# does, and checks that every student's feedback is in it although on screen
# it is collapsed (<details>): "handed in as" (one line of each student's
# details) for every student, and a failure's "Rerun: build/grader/grader
# check". A copy of the page without its beforeprint handler prints without
# them, so the test sees the handler's work, not text that was visible anyway.
# Exits 77 (CTest: skipped) without chromium or pdftotext (poppler-utils;
# scripts/install-deps.sh --tests installs both).
# Usage: report_print.sh REPORT.html WORKDIR
set -euo pipefail
report=$(realpath "$1")
work=$2
if ! command -v pdftotext >/dev/null 2>&1; then
  echo "skipped: no pdftotext here (Debian's poppler-utils; scripts/install-deps.sh --tests installs it)"
  exit 77
fi
source "$(dirname "$0")/browser.sh"
[ -s "$report" ] || { echo "no report at $report"; exit 1; }
rm -rf "$work" && mkdir -p "$work"

# The text of PAGE printed to PDF, on one line.
printed_text() {
  local pdf="$work/$(basename "$1" .html).pdf"
  timeout 90 "$browser" "${flags[@]}" --no-pdf-header-footer --print-to-pdf="$pdf" "file://$1" >/dev/null 2>&1 || true
  [ -s "$pdf" ] || { echo "chromium printed no PDF of $1" >&2; return 1; }
  pdftotext "$pdf" - | tr -s ' \n\f' '   '
}

students=$(grep -c '<details id="s-' "$report")
[ "$students" -ge 2 ] || { echo "the report has $students students' details: is it the sample class's?"; exit 1; }
text=$(printed_text "$report")
shown=$(grep -o 'handed in as' <<<"$text" | wc -l)
echo "printed: $shown of $students students' feedback expanded"
[ "$shown" -eq "$students" ] || { echo "the printed report shows $shown of $students students' feedback"; exit 1; }
grep -qF 'Rerun: build/grader/grader check' <<<"$text" || { echo "the printed report lacks the failures' messages"; exit 1; }

sed 's/beforeprint/beforeprint-disabled/' "$report" > "$work/without-handler.html"
control=$(printed_text "$work/without-handler.html")
if grep -qF 'handed in as' <<<"$control"; then
  echo "without its beforeprint handler the printed page still shows the feedback: the test does not see the handler"
  exit 1
fi
echo "without the handler: no feedback printed (as on screen)"
