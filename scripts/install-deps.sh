#!/usr/bin/env bash
# Installs the Debian 12 packages the kit builds and tests with (run as root).
# The CUDA toolkit is optional and not installed here: where nvcc exists
# (e.g. /usr/local/cuda), the gpu backend is built too.
set -euo pipefail
packages=(
  cmake g++ make binutils             # build; addr2line names source lines
  libyaml-cpp-dev                     # course.yaml
  doctest-dev                         # unit tests
  libboost-context-dev                # fibers of the cpu emulator
  libcli11-dev nlohmann-json3-dev     # command line, JSON
  libarchive-dev libzstd-dev          # zip / tar.gz submissions (static: the grader runs elsewhere as is)
  bubblewrap util-linux               # the batch sandbox (bwrap; setpriv and prlimit)
  chromium fonts-dejavu-core          # the batch report's test renders it in a headless browser
)
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
