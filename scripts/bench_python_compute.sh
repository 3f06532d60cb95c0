#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Side by side (issue 17): posenc.compute('rope', 'cos', length=131072, dim=128) against the
# numpy way (outer product and np.cos, as Hugging Face's rotary embedding does it), one run
# each (scripts/bench_python_compute.py). Prints both times and the ratio; exits 1 when
# posenc is not at least 3x faster.
#
# Usage: scripts/bench_python_compute.sh [BUILD_DIR]
#   BUILD_DIR  a build with the Python module (default: build/release, then build/ci)
# Needs Debian's /usr/bin/python3 with python3-numpy (scripts/deps.sh build installs it).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-}"
if [ -z "$build" ]; then
  for candidate in "$repo/build/release" "$repo/build/ci"; do
    if compgen -G "$candidate/python/posenc/_posenc*.so" > /dev/null; then
      build="$candidate"
      break
    fi
  done
fi
if [ -z "$build" ] || ! compgen -G "$build/python/posenc/_posenc*.so" > /dev/null; then
  echo "bench_python_compute.sh: no built Python module; build one first:" >&2
  echo "  cmake --preset release && cmake --build --preset release" >&2
  exit 2
fi
echo "module: $build/python/posenc ($(nproc) cores)"
PYTHONPATH="$build/python" PYTHONDONTWRITEBYTECODE=1 \
  exec /usr/bin/python3 "$repo/scripts/bench_python_compute.py"
