#!/usr/bin/env bash
# Loads report.html in headless Debian chromium: the page must render (its
# DOM holds the class table, the inline SVG plots and the similar
# submissions) and the screenshot
# must be a real PNG of a non-blank page. Exits 77 (CTest: skipped) when no
# chromium is installed (scripts/install-deps.sh --tests installs it).
# Usage: report_screenshot.sh REPORT.html SCREENSHOT.png
set -euo pipefail
report=$(realpath "$1")
png=$2
source "$(dirname "$0")/browser.sh"
[ -s "$report" ] || { echo "no report at $report"; exit 1; }

dom=$(timeout 90 "$browser" "${flags[@]}" --dump-dom "file://$report" 2>/dev/null || true)
for part in '<table class="sortable"' 'aria-label="score distribution"' 'aria-label="score distribution per lesson"' 'aria-label="failures per check"' 'id="similarity"' 'Feedback, student by student'; do
  grep -qF "$part" <<<"$dom" || { echo "the rendered page lacks: $part"; exit 1; }
done

rm -f "$png"
timeout 90 "$browser" "${flags[@]}" --screenshot="$png" "file://$report" >/dev/null 2>&1 || true
[ -s "$png" ] || { echo "chromium wrote no screenshot"; exit 1; }
magic=$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')
[ "$magic" = "89504e470d0a1a0a" ] || { echo "$png is not a PNG"; exit 1; }
size=$(stat -c %s "$png")
[ "$size" -gt 40000 ] || { echo "the screenshot is only $size bytes: a blank page?"; exit 1; }
echo "rendered; screenshot $png ($size bytes)"
