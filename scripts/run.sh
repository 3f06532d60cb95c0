#!/usr/bin/env bash
# Installs what is missing, builds PosEnc Explorer and starts it. With no display (a server,
# CI, an ssh session) it draws every view of every scheme into ./gallery/ instead and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)"
exe=build/release/app/posenc
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$exe" "$@"
fi
echo "No display: drawing every view of every scheme instead of opening the window."
"$exe" gallery gallery
echo "Open the pictures in ./gallery/, or run $exe on a desktop (or under xvfb-run)."
