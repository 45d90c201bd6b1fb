#!/usr/bin/env bash
# The cpu emulator's whole kernel corpus (tests/kernels) with the backend
# pinned to cpu: for a machine where `ctest` would pick the gpu backend, or
# another distribution's compiler. Prints one line per kernel, then a count.
# Usage: bench/cpu_corpus_on.sh [GRADER]   (from the kit's folder)
set -u
grader=${1:-build/grader/grader}
pass=0 fail=0
for file in tests/kernels/lesson*/*.cu; do
  lesson=$(basename "$(dirname "$file")")
  if out=$(cmake -DGRADER="$grader" -DLESSON="$lesson" -DFILE="$file" -DCOURSE=course.yaml -DBACKEND=cpu \
                 -P tests/cmake/expect_verdicts.cmake 2>&1); then
    pass=$((pass + 1)); echo "ok    $file"
  else
    fail=$((fail + 1)); echo "FAIL  $file"; echo "$out" | sed 's/^/      /'
  fi
done
echo "corpus on the cpu backend: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
