#!/usr/bin/env bash
# The README a newcomer reads to the end: at most 150 lines, opening with the
# two commands, and .ci/run runs exactly its test command (the command lines
# after its `cd`, joined by " && ", are the README's second command).
# Usage: tests/readme.sh KIT_ROOT   (exit 0: all good)
set -uo pipefail
kit=$1
fail() { echo "FAIL: $*"; exit 1; }
lines=$(wc -l < "$kit/README.md")
[ "$lines" -le 150 ] || fail "README.md has $lines lines, more than 150: move a section to docs/"
commands=$(awk '/^```sh/ { fenced = 1; next } fenced && /^```/ { exit } fenced && NF && $1 !~ /^#/' "$kit/README.md")
[ "$(wc -l <<< "$commands")" -eq 2 ] || fail "README.md's first sh block should hold the two commands, not: $commands"
test_command=$(sed -n 2p <<< "$commands")
ci_command=$(awk 'started && NF && $1 !~ /^#/ { printf "%s%s", (n++ ? " && " : ""), $0 } /^cd / { started = 1 }' "$kit/.ci/run")
echo "README: $test_command"
echo ".ci/run: $ci_command"
[ "$test_command" = "$ci_command" ] || fail ".ci/run does not run the README's test command"
echo "README.md: $lines lines; .ci/run runs its test command"
