#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the Debian package of PosEnc Explorer from this checkout: installs what is missing
# (scripts/deps.sh build package), configures and builds the release preset, runs
# `cpack -G DEB` in build/release (cmake/posenc_cpack.cmake says what goes in) and prints the
# path of the .deb, posenc_<version>_<arch>.deb. Install it with
#   sudo apt install ./build/release/posenc_<version>_<arch>.deb
# and remove it with `sudo apt remove posenc`.
#
# Usage: scripts/package.sh [--lintian]
#   --lintian  also run lintian on the package (fails on an error, prints warnings and infos)
set -euo pipefail
cd "$(dirname "$0")/.."

lintian=0
for arg in "$@"; do
  case "$arg" in
    --lintian) lintian=1 ;;
    -h | --help) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown argument '$arg' (usage: scripts/package.sh [--lintian])" >&2; exit 2 ;;
  esac
done

scripts/deps.sh build package
cmake --preset release
cmake --build --preset release -j "$(nproc)"
# CPack names the file it made in a line "CPack: - package: PATH generated."
out="$(cd build/release && cpack -G DEB)"
printf '%s\n' "$out"
deb="$(printf '%s\n' "$out" | sed -n 's/^CPack: - package: \(.*\.deb\) generated\.$/\1/p' | tail -n 1)"
if [ -z "$deb" ] || [ ! -f "$deb" ]; then
  echo "package.sh: cpack made no .deb" >&2
  exit 1
fi
if [ "$lintian" -eq 1 ]; then
  lintian --fail-on error --display-info "$deb"
fi
echo "$deb"
