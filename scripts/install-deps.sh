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
  libarchive-dev                      # zip / tar.gz submissions
  bubblewrap                          # the batch sandbox
)
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
