#!/usr/bin/env bash
# Installs the Debian 12 packages the kit builds with (run as root).
# The CUDA toolkit is optional and not installed here: where nvcc exists
# (e.g. /usr/local/cuda), the gpu backend is built too.
# instructor-only
# The instructor's kit also installs what batch grading needs, and with
# --tests what its own tests need (.ci/run). `grader export-student` leaves
# the lines between these markers out of the student kit's copy, which
# installs only what the student's build needs (kit.export_student checks
# the list).
# Usage: bash scripts/install-deps.sh [--tests]
# /instructor-only
set -euo pipefail
packages=(
  cmake ninja-build g++ make binutils # build (the presets use Ninja: every core); addr2line names source lines
  libyaml-cpp-dev                     # course.yaml
  libboost-context-dev                # fibers of the cpu emulator
  libcli11-dev nlohmann-json3-dev     # command line, JSON
  libarchive-dev                      # the grader links it (it reads .zip / .tar.gz submissions)
  nettle-dev                          # SHA-256 and AES: the student kit checks quiz answers it holds only hashed
  libclang-14-dev llvm-14-dev         # the emulator's front end: clang's parser, linked statically
  zlib1g-dev libncurses-dev           # what LLVM's static libraries link against (zlib, terminfo)
  # instructor-only
  libzstd-dev                         # a static libarchive: the grader runs elsewhere as is
  bubblewrap util-linux               # the batch sandbox (bwrap; setpriv and prlimit)
  # /instructor-only
)
# instructor-only
tests=(
  doctest-dev                         # unit tests
  python3                             # the Gradescope autograder's test reads its zip and results.json
  chromium fonts-dejavu-core          # the batch report's tests render and print it in a headless browser
  chromium-driver python3-selenium    # the trainer page's test drives chromium through WebDriver
  nodejs                              # the trainer's agreement test runs the page's generator under node
  poppler-utils                       # pdftotext: the printed report's text
  python3-jsonschema                  # validates grader check --format sarif against the SARIF schema
  python3-yaml                        # the student kit's Classroom workflow test parses it
  clang libclang-rt-14-dev libfuzzer-14-dev  # the fuzz preset: libFuzzer targets with ASan and UBSan
  ruby unzip                          # the LMS round trip reads import files as Canvas (Ruby's CSV) and Moodle do
  munge slurmctld slurmd slurm-client # the Slurm scripts' test starts a one-node cluster
)
case "${1:-}" in
  --tests) packages+=("${tests[@]}")
           command -v npm >/dev/null || packages+=(npm) ;;  # the browser edition's build (NodeSource's nodejs has its own)
  "") ;;
  *) echo "usage: bash scripts/install-deps.sh [--tests]" >&2; exit 2 ;;
esac
# /instructor-only
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
# instructor-only
# The browser edition's build-time packages, as web/package-lock.json pins them (its tests: GRADER_WEB_TESTS).
if [ "${1:-}" = --tests ]; then npm ci --prefix "$(dirname "$0")/../web" --no-audit --no-fund; fi
# /instructor-only
