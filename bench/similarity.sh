#!/usr/bin/env bash
# Similar submissions at class scale: the planted class (200 students x 4
# lessons, examples/make-class.py --planted) with its results
# (tests/batch/planted_results.py), merged by the real `grader batch
# --merge`, which compares every pair of each lesson. Prints the merge's
# time against the target (<= 60 s on 2 cores), the report's size (< 5 MB),
# each planted copy's rank per lesson and the most alike independent pair
# (tests/batch/planted_class.py --figures). Run it with:
#   cmake --build build-kit --target bench_similarity
# Usage: similarity.sh GRADER KIT WORK_FOLDER
set -euo pipefail
grader=$(realpath "$1") kit=$(realpath "$2") work=$(realpath -m "$3")
echo "cores: $(nproc), load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$kit/tests/batch/planted_class.py" "$grader" "$kit" "$work" --figures
echo "target: the merge (similarity of 200 x 4 included) in <= 60 s on 2 cores; report.html < 5 MB"
