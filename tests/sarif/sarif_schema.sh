#!/usr/bin/env bash
# `grader check --format sarif`'s real output is valid SARIF 2.1.0 (the
# OASIS schema kept beside this script) and places its results in the kit's
# files: a starter with findings, a kernel with hazards (relatedLocations), a
# compile error (a line and column) and a solution (no error). Exits 77 (CTest:
# skipped) without Debian's python3-jsonschema.
# Usage: sarif_schema.sh GRADER COURSE WORKDIR   (run from the kit's root)
set -euo pipefail
grader=$1 course=$2 work=$3
here=$(dirname "$(realpath "$0")")
if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "skipped: python3-jsonschema is not installed (scripts/install-deps.sh --tests installs it)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
failed=0
# NAME EXPECTED_EXIT MIN_RESULTS MAX_RESULTS LESSON FILE [OPTIONS...]
check() {
  local name=$1 want=$2 least=$3 most=$4
  shift 4
  local rc=0
  "$grader" --course "$course" check "$@" --seed 1 --format sarif >"$work/$name.sarif" || rc=$?
  if [ "$rc" != "$want" ]; then
    echo "$name: grader check $* exited $rc, expected $want"
    failed=1
  fi
  python3 "$here/validate_sarif.py" "$here/sarif-schema-2.1.0.json" "$work/$name.sarif" "$PWD" "$least" "$most" || failed=1
}
check starter 1 4 20 lesson3 starter/03-phase-loop/matmul_tiled.cu
check hazards 1 2 2 lesson3 tests/golden/kernels/missing_second_barrier.cu --check barriers
check compile_error 1 3 3 lesson1 tests/golden/kernels/compile_error.cu
check solution 0 0 2 lesson3 solutions/03-phase-loop/matmul_tiled.cu
exit $failed
