#!/usr/bin/env bash
# Files the front end must take without crashing or blaming the student:
# 1 MB of source, 10,000 macros (side by side, and chained too deep for the
# preprocessor), and #include of headers the emulator lacks. Each gets its
# verdict, with a clear message, well inside the compile time limit (120 s).
# Usage: bad_input.sh GRADER KIT_FOLDER
set -u
grader=$1 kit=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
naive='__global__ void matMulNaive(const float* A, const float* B, float* C, int n) {
  int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n && c < n) { float s = 0; for (int k = 0; k < n; ++k) s += A[r * n + k] * B[k * n + c]; C[r * n + c] = s; }
}
void launchMatMulNaive(const float* A, const float* B, float* C, int n) {
  dim3 b(16, 16), g((n + 15) / 16, (n + 15) / 16); matMulNaive<<<g, b>>>(A, B, C, n);
}'
python3 - "$work" "$naive" <<'PY'
import sys
work, naive = sys.argv[1], sys.argv[2]
body = [f'__device__ float helper{i}(float x) {{ return x * {i}.0f + 1.0f; }}' for i in range(2000)]
text = '\n'.join(body) + '\n' + naive + '\n'
while len(text) < 1_000_000: text = '// ' + 'a long comment of the kind a student pastes from a forum ' * 4 + '\n' + text
open(f'{work}/one_megabyte.cu', 'w').write(text)
open(f'{work}/ten_thousand_macros.cu', 'w').write(''.join(f'#define VALUE_{i} {i}\n' for i in range(10000)) + naive.replace('float s = 0', 'float s = VALUE_0 * VALUE_9999') + '\n')
open(f'{work}/chained_macros.cu', 'w').write('#define M0 1\n' + ''.join(f'#define M{i} (M{i-1} + 1)\n' for i in range(1, 10000)) + 'int x = M9999;\n' + naive + '\n')
open(f'{work}/cuda_header_missing.cu', 'w').write('#include <thrust/device_vector.h>\n' + naive + '\n')
open(f'{work}/other_header_missing.cu', 'w').write('#include <GL/gl.h>\n' + naive + '\n')
PY
[ "$(wc -c < "$work/one_megabyte.cu")" -ge 1000000 ] || fail "the 1 MB file is smaller"
expect() {  # file status phrase
  local start=$(date +%s)
  NO_COLOR=1 "$grader" check lesson1 "$work/$1" --check compile --course "$kit/tests/courses/course.yaml" > "$work/out.txt" 2>&1
  local code=$? took=$(( $(date +%s) - start ))
  [ $code -le 2 ] || fail "$1: the grader exited with $code: $(cat "$work/out.txt")"
  grep -qE "compile +$2 .*$3" "$work/out.txt" || fail "$1: expected compile $2 ('$3'), got: $(cat "$work/out.txt")"
  [ $took -le 120 ] || fail "$1: took $took s, more than the compile time limit"
  echo "$1: compile $2 in $took s: $(grep -oE 'compile .*' "$work/out.txt")"
}
expect one_megabyte.cu PASS "compiled"
expect ten_thousand_macros.cu PASS "compiled"
expect chained_macros.cu FAIL "chained_macros.cu:10001:[0-9]+: bracket nesting level exceeded"
expect cuda_header_missing.cu ERROR "not supported by the emulator: #include <thrust/device_vector.h> at cuda_header_missing.cu:1"
expect other_header_missing.cu FAIL "other_header_missing.cu:1:[0-9]+: 'GL/gl.h' file not found"
expect cuda_header_missing.cu ERROR "not supported by the emulator: #include <thrust/device_vector.h>"  # again, from the build cache
