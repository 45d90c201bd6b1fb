#!/usr/bin/env bash
# The browser edition's differential over the whole corpus: every kernel of
# tests/kernels/lessonN/*.cu, with each lesson's solution and starter, is
# graded in node as the page grades it (web/spike/compare_verdicts.mjs:
# compile_child.mjs, then judge.wasm) and by `grader check --backend cpu
# --json`, and every check's verdict is compared. Prints each lesson's
# summary line, then the files that differ; exits 1 on a difference that
# tests/web/known_differences.txt does not explain. CI runs every fourth
# kernel (kit.web.differential.lessonN).
# Usage: bash bench/web_differential.sh [GRADER]   (default build-kit/grader/grader; after `node web/build.mjs`)
# Non-goal: the page itself (tests/web/page_in_browser.py drives it in Chromium).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
grader=$(realpath "${1:-$root/build-kit/grader/grader}")
status=0
for n in 1 2 3 4; do
  log=$(mktemp)
  (cd "$root/web" && GRADER=$grader node spike/compare_verdicts.mjs --lesson "lesson$n" --known "$root/tests/web/known_differences.txt" \
     "$root"/tests/kernels/lesson$n/*.cu "$root"/solutions/0$n-*/*.cu "$root"/starter/0$n-*/*.cu) > "$log" 2>&1 || status=1
  echo "lesson$n: $(grep '^summary' "$log")"
  grep -E 'VERDICTS DIFFER|KNOWN DIFFERENCE|NOT SUPPORTED|BROWSER FAILED|^FAIL' "$log" | cut -c1-220 | sed 's/^/  /'
  rm -f "$log"
done
exit $status
