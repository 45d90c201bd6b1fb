#!/usr/bin/env bash
# The browser edition's spike figures (web/spike/FINDINGS.md): builds the
# emulator runtime, the lesson 3 harness and the prelude PCH for
# wasm32-wasi with @yowasp/clang and the parse's headers and PCH, bundles
# the Check Worker, then prints
# (1) cold and warm Check times in node, (2) Asyncify's cost and the run
# times of its variants, (3) cold and warm Check times in headless Chromium
# from a 127.0.0.1 server, with the bytes fetched and each run record
# compared with the native emulator's, and (4) the download's gzip size.
# Usage: bench/web_spike.sh [FILE.cu]   (default: the lesson 3 solution; needs npm, chromium, chromium-driver,
#        python3-selenium and a built kit in build-kit/: cmake --preset kit && cmake --build --preset kit)
# Non-goal: a pass/fail verdict (tests do that).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=$(realpath "${1:-$root/solutions/03-phase-loop/matmul_tiled.cu}")
seed=508447
cd "$root/web"
[ -d node_modules/@yowasp/clang ] || nice npm ci --no-audit --no-fund
quiet() { grep -v -E 'fetched [0-9]+%|Asyncify onlylist contained|ExperimentalWarning|trace-warnings' || true; }
[ -f spike/build/runtime/harness_lesson3.o ] || nice node spike/build_runtime.mjs 2>&1 | quiet
nice node spike/build_assets.mjs 2>&1 | quiet
nice node spike/build_frontend.mjs 2>&1 | quiet
mkdir -p spike/build/bench && cp "$file" spike/build/bench/student.cu  # not under assets/: build.mjs publishes those
nice node_modules/.bin/esbuild src/check_worker.mjs --bundle --format=esm --platform=browser '--external:node:*' \
  --outfile=dist/check_worker.js --log-level=warning
cp node_modules/@yowasp/clang/gen/*.wasm node_modules/@yowasp/clang/gen/llvm-resources.tar dist/

echo "== native emulator (build-kit), the same file and seed"
native=$(mktemp -d)
"$root/build-kit/grader/grader" check lesson3 "$file" --backend cpu --seed "$seed" > /dev/null || true
child=$(ls -t "$root"/build-kit/grader/grader-cache/cpu-lesson3-*/child | head -1)
for n in 16 48 64 128; do
  /usr/bin/time -f "native n=$n: %e s wall" "$child" "$native/rec.$n" matmul $n 0 $seed
  grep -a '^emulation' "$native/rec.$n" | sed "s/^/  /"
done

echo "== node: cold and warm Checks (stage times)"
nice node spike/pipeline.mjs "$file" $seed 2>&1 | quiet
echo "== node: Asyncify variants"
nice node spike/asyncify_variants.mjs 2>&1 | quiet
echo "== headless Chromium: cold (empty profile) and warm (after an edit) Checks"
nice /usr/bin/python3 spike/bench_chromium.py . "$native" | grep -v '^console:'
echo "== download (gzip -9 of what the page fetches)"
total=0
for f in dist/*.wasm dist/llvm-resources.tar dist/check_worker.js spike/build/assets/prelude.pch spike/build/assets/headers.json \
         spike/build/assets/frontend.json spike/build/assets/frontend.pch spike/build/assets/objects/*.o; do
  total=$((total + $(gzip -9 -c "$f" | wc -c)))
done
echo "gzip -9 total: $total bytes"
echo "== load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
rm -rf "$native"
