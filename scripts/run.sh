#!/usr/bin/env bash
# Installs what is missing, builds PosEnc Explorer and starts it. Until the interactive
# window lands, "starting it" draws every view of every scheme into ./gallery/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake --preset release
cmake --build --preset release -j "$(nproc)"
exe=build/release/app/posenc
"$exe" gallery gallery
echo "Open the pictures in ./gallery/, or try: $exe --help"
