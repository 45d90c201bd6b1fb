#!/usr/bin/env bash
# Batch grading at class scale on this machine: 100 submissions x 4 lessons
# generated from the sample class (examples/class), each made unique so
# nothing comes from the compile cache, graded by `grader batch` (sandboxed,
# -j = cores); then the rerun on the unchanged folder, which must only
# check what is up to date. Prints both times against the targets
# (<= 600 s and <= 10 s). Run it with: cmake --build build --target bench_batch
# Usage: batch_benchmark.sh GRADER SAMPLE_CLASS WORK_FOLDER [SUBMISSIONS]
set -euo pipefail
grader=$(realpath "$1") sample=$(realpath "$2") work=$(realpath -m "$3") count=${4:-100}
templates=(ada alan barbara dennis.zip grace ken.tar.gz linus)  # the sample students with all 4 lessons

rm -rf "$work"
mkdir -p "$work/class" "$work/unpacked"
chmod 755 "$work"
for ((i = 0; i < count; i++)); do
  template=${templates[$((i % ${#templates[@]}))]}
  id=$(printf "s%03d-%s" "$i" "${template%%.*}")
  if [ -d "$sample/$template" ]; then
    cp -r "$sample/$template" "$work/class/$id"
  else  # an archive: unpack, mark, pack again in the same format
    mkdir -p "$work/unpacked/$id"
    (cd "$work/unpacked/$id" && cmake -E tar xf "$sample/$template")
  fi
  root=$work/class/$id
  [ -d "$root" ] || root=$work/unpacked/$id
  find "$root" -name '*.cu' -exec sh -c 'printf "\n// submission %s\n" "$1" >> "$2"' _ "$id" {} \;
  case $template in
    *.zip) (cd "$root" && cmake -E tar cf "$work/class/$id.zip" --format=zip .) ;;
    *.tar.gz) (cd "$root" && cmake -E tar czf "$work/class/$id.tar.gz" .) ;;
  esac
done
rm -rf "$work/unpacked"

export GRADER_CACHE_DIR=$work/cache NO_COLOR=1
echo "grading $count submissions x 4 lessons on $(nproc) cores (fresh compile cache: $GRADER_CACHE_DIR)"
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
seconds() { printf '%d.%d' $(( $1 / 1000 )) $(( $1 % 1000 / 100 )); }
start=$(now_ms)
"$grader" batch "$work/class" --out "$work/results" 2>"$work/first.log" | tee "$work/first.out"
first=$(( $(now_ms) - start ))
start=$(now_ms)
"$grader" batch "$work/class" --out "$work/results" 2>"$work/rerun.log" | tee "$work/rerun.out"
rerun=$(( $(now_ms) - start ))
grep -q "$count submissions: 0 graded, $count up to date" "$work/rerun.out" || { echo "the rerun graded something again"; exit 1; }

verdict() { if (( $1 <= $2 * 1000 )); then echo ok; else echo OVER; fi; }
printf '\n%-56s %8s s  (target <= 600 s: %s)\n' "$count submissions x 4 lessons, fresh cache, $(nproc) cores:" \
  "$(seconds $first)" "$(verdict $first 600)"
printf '%-56s %8s s  (target <= 10 s: %s)\n' "rerun on the unchanged folder:" "$(seconds $rerun)" "$(verdict $rerun 10)"
echo "report: $work/results/report.html"
rm -rf "$work/cache"  # about 2 MB per compiled lesson; the results stay
