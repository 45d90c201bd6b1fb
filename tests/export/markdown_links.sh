#!/usr/bin/env bash
# Every relative link of the Markdown files under KIT names a file or folder
# that KIT has, inside KIT: `[text](target)`, `[text](target "title")` and
# `[label]: target`, outside code blocks; a `#section` part is not checked,
# nor are web and mail addresses. Build folders and .git are not read.
# kit.export_student runs it on the student kit, where a link to a file the
# export leaves out (docs/instructor-guide.md, examples/) would break.
# Usage: markdown_links.sh KIT   (exit 0: every link resolves; 1: each broken one named)
set -uo pipefail
kit=$(realpath "$1") || { echo "FAIL: no folder $1"; exit 1; }
broken=0 count=0
while IFS= read -r -d '' file; do
  folder=$(dirname "$file")
  while IFS=$'\t' read -r line target; do
    count=$((count + 1))
    target=${target%%#*}
    [ -n "$target" ] || continue
    resolved=$(realpath -m "$folder/$target")
    if [[ "$resolved/" != "$kit/"* ]]; then
      echo "FAIL: ${file#$kit/}:$line links to $target, outside the kit"; broken=$((broken + 1))
    elif [ ! -e "$resolved" ]; then
      echo "FAIL: ${file#$kit/}:$line links to $target, which the kit does not have"; broken=$((broken + 1))
    fi
  done < <(awk '/^[ \t]*(```|~~~)/ { fenced = !fenced; next }
                fenced { next }
                { line = $0
                  while (match(line, /\]\([^)[:space:]]+/)) {
                    print NR "\t" substr(line, RSTART + 2, RLENGTH - 2); line = substr(line, RSTART + RLENGTH) }
                  if (match($0, /^ *\[[^]]+\]:[ \t]+[^ \t]+/)) { sub(/^ *\[[^]]+\]:[ \t]+/, ""); sub(/[ \t].*/, ""); print NR "\t" $0 } }' "$file" |
           grep -vE $'\t''([a-z][a-z0-9+.-]*:|#)')
done < <(find "$kit" \( -name .git -o -name 'build*' -o -name node_modules \) -prune -o -name '*.md' -type f -print0)
[ "$broken" -eq 0 ] || { echo "$broken of $count links are broken"; exit 1; }
echo "all $count relative links of the kit's Markdown files resolve"
