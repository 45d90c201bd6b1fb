#!/usr/bin/env bash
# The class table sorts as its heading says ("click a column heading to
# sort"): in headless Debian chromium, a copy of report.html whose last
# script clicks the Total heading once (ascending), and another that clicks
# it twice (descending), render with the rows in that order; the page as it
# is lists them in another. Exits 77 (CTest: skipped) without chromium.
# Usage: report_sort.sh REPORT.html WORKDIR
set -euo pipefail
report=$(realpath "$1")
work=$2
source "$(dirname "$0")/browser.sh"
[ -s "$report" ] || { echo "no report at $report"; exit 1; }
rm -rf "$work" && mkdir -p "$work"
grep -qF 'click a column heading to sort' "$report" || { echo "the report does not say its table sorts"; exit 1; }

# The Total column's values (data-sort) from top to bottom, after CLICKS clicks on its heading.
totals_after() {
  local page="$work/clicked-$1.html" click=""
  for ((i = 0; i < $1; i++)); do click+="total.click();"; done
  local html
  html=$(cat "$report")
  local script="<script>var total = Array.prototype.find.call(document.querySelectorAll('table.sortable thead th'),
    function (th) { return th.textContent.trim() === 'Total'; }); $click</script>"
  printf '%s\n' "${html/<\/body>/$script</body>}" > "$page"
  timeout 90 "$browser" "${flags[@]}" --dump-dom "file://$page" 2>/dev/null |
    grep -oE '<td class="total" data-sort="[0-9.]+"' | sed -E 's/.*data-sort="([0-9.]+)"/\1/'
}

as_is=$(totals_after 0)
rows=$(wc -l <<<"$as_is")
[ "$rows" -ge 3 ] || { echo "only $rows rows found"; exit 1; }
if sort -n -c <<<"$as_is" 2>/dev/null; then echo "the rows are already in ascending order: the test would see nothing"; exit 1; fi
ascending=$(totals_after 1)
descending=$(totals_after 2)
[ "$(wc -l <<<"$ascending")" -eq "$rows" ] && sort -n -c <<<"$ascending" || { echo "one click did not sort ascending:"; echo $ascending; exit 1; }
[ "$(wc -l <<<"$descending")" -eq "$rows" ] && sort -n -r -c <<<"$descending" || { echo "two clicks did not sort descending:"; echo $descending; exit 1; }
echo "as is: $(echo $as_is)"
echo "one click on Total: $(echo $ascending)"
echo "two clicks: $(echo $descending)"
