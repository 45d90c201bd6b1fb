#!/usr/bin/env bash
# The browser edition in the student kit (the kit.web.export test): `grader
# export-student OUT --web DIST --no-gpu` copies the built site into OUT/web
# exactly (diff -r), says so, and the copy works as published: served from
# OUT/web, the page builds and judges the kit's own lesson 1 starter, and a
# build over its limit still ends in the grader's report
# (build_limit_in_browser.py). A DIST that is not a build is refused (exit 2)
# with a hint, and nothing is left behind.
# Usage: export_web.sh GRADER KIT DIST WORKDIR   (exit 0: all good; 77: Chromium or selenium missing)
# Non-goal: the rest of the kit (export/export_student.sh).
set -euo pipefail
grader=$1 kit=$2 dist=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
out=$work/kit
(cd "$kit" && "$grader" export-student "$out" --web "$dist" --no-gpu) > "$work/export.log"
grep -q "^  web/: the browser edition, [0-9]* files" "$work/export.log" || { echo "FAIL: the export does not say it wrote web/"; cat "$work/export.log"; exit 1; }
diff -r "$dist" "$out/web" > "$work/diff.log" || { echo "FAIL: web/ is not the built site:"; head -20 "$work/diff.log"; exit 1; }

status=0
(cd "$kit" && "$grader" export-student "$work/refused" --web "$kit/starter" --no-gpu) > "$work/refused.log" 2>&1 || status=$?
[ "$status" = 2 ] || { echo "FAIL: a --web folder that is not a build gave exit $status, not 2"; cat "$work/refused.log"; exit 1; }
grep -q "is not the browser edition's build" "$work/refused.log" || { echo "FAIL: no clear message for a --web that is not a build"; cat "$work/refused.log"; exit 1; }
[ ! -e "$work/refused/web" ] || { echo "FAIL: the refused export left web/ behind"; exit 1; }

python3 "$(dirname "$0")/build_limit_in_browser.py" "$out/web" "$out/starter"
