#!/usr/bin/env bash
# The Gradescope autograder's setup (`grader export-gradescope` puts it at
# the zip's root): Gradescope runs it once, as root, when it builds the
# autograder's image from the zip unpacked in /autograder/source. It installs
# the packages the grader builds with (the kit's scripts/install-deps.sh
# list, and bubblewrap for the sandbox; skipped when they are all there) and
# builds the grader from kit/ into kit/build/grader/grader, the path
# run_autograder runs, and creates the unprivileged user student code runs as
# (grader-student: no home, no login shell; Gradescope's container forbids
# bubblewrap, so the grader confines student code by user). For Gradescope's
# Ubuntu 24.04 base image (the kit needs CMake 3.25); Debian 12 works too.
#   GRADER_PREBUILT=PATH  use the grader at PATH, built from the same kit,
#                         instead of building one (the kit's own test of the
#                         zip uses it; never needed on Gradescope)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kit=$here/kit

mapfile -t packages < <(sed -n '/^packages=(/,/^)/p' "$kit/scripts/install-deps.sh" | sed -e '1d;$d' -e 's/#.*//' |
                        tr -s ' \t' '\n' | sed '/^$/d')
packages+=(bubblewrap)
if dpkg -s "${packages[@]}" > /dev/null 2>&1; then
  echo "setup.sh: the packages are installed: ${packages[*]}"
else
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${packages[@]}"
fi

if id -u grader-student > /dev/null 2>&1; then
  echo "setup.sh: the user grader-student exists (uid $(id -u grader-student))"
elif useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin grader-student; then
  echo "setup.sh: created the user grader-student (uid $(id -u grader-student)) for student code"
else
  echo "setup.sh: cannot create the user grader-student; student code will run as the grader's throwaway uid 61537"
fi

if [ -n "${GRADER_PREBUILT:-}" ]; then
  echo "setup.sh: using the grader at $GRADER_PREBUILT"
  mkdir -p "$kit/build/grader"
  ln -sfn "$GRADER_PREBUILT" "$kit/build/grader/grader"
else
  cd "$kit"
  cmake --preset default -DGRADER_INSTRUCTOR_VERBS=ON
  cmake --build build --target grader -j "$(nproc)"
fi
"$kit/build/grader/grader" --version
"$kit/build/grader/grader" list --course "$kit/course.yaml" > /dev/null
echo "setup.sh: the grader is ready: $kit/build/grader/grader"
