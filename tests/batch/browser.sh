#!/usr/bin/env bash
# Sourced by the report's browser tests: finds Debian's chromium (or exits 77,
# CTest's "skipped", saying so) and sets `browser` and `flags` for a headless
# run with a throwaway profile, removed on exit.
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
done
if [ -z "${browser:-}" ]; then
  echo "skipped: no chromium here (scripts/install-deps.sh --tests installs it)"
  exit 77
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update
       --disable-sync --no-first-run --user-data-dir="$profile" --window-size=1200,900)
