#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Side by side (issue 17): `posenc check` of a 4096 x 4096 float32 .npy (the RoPE cos cache of
# 4096 positions and 4096 dimensions) against the numpy way (np.load, the reference computed
# in float64, np.isclose, the worst cell: what an engineer writes without us, and without a
# diagnosis). Two files (scripts/bench_check.py make): the right cache stored as float32
# (every cell matches) and the interleaved-layout slip (mismatches, so posenc also runs its
# diagnosis and names the slip). One run each, a fresh process, wall time including reading
# the 64 MiB file; the target is posenc under 1 s for both, diagnosis included.
#
# Usage: scripts/bench_check.sh [PATH/TO/posenc]
#   PATH/TO/posenc  default: build/release/app/posenc, then build/ci/app/posenc
# Needs Debian's /usr/bin/python3 with python3-numpy (scripts/deps.sh numpy installs it).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
posenc="${1:-}"
case "$posenc" in -h | --help) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;; esac
if [ -z "$posenc" ]; then
  for candidate in "$repo/build/release/app/posenc" "$repo/build/ci/app/posenc"; do
    if [ -x "$candidate" ]; then posenc="$candidate"; break; fi
  done
fi
if [ -z "$posenc" ] || [ ! -x "$posenc" ]; then
  echo "bench_check.sh: no posenc executable (give its path, or build build/release or build/ci)" >&2
  exit 2
fi
python=/usr/bin/python3
if ! [ -x "$python" ] || ! "$python" -c 'import numpy' 2>/dev/null; then
  echo "Missing: Debian's python3 with numpy"
  "$repo/scripts/deps.sh" numpy
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
length=4096
dim=4096
echo "posenc: $posenc"
echo "cores:  $(nproc); load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
"$python" "$repo/scripts/bench_check.py" make "$out" "$length" "$dim"

seconds() { # COMMAND...: runs it, prints its wall time in seconds; its output goes to $out/log
  local start end
  start=$(date +%s.%N)
  "$@" > "$out/log" 2>&1 || true
  end=$(date +%s.%N)
  echo "$start $end" | awk '{printf "%.3f", $2 - $1}'
}

status=0
for name in right interleaved; do
  file="$out/$name.npy"
  echo
  echo "== $name.npy ($length x $dim float32)"
  t=$(seconds "$posenc" check --scheme rope --view cos --set length=$length --set dim=$dim \
    --against "$file")
  verdict=$( (grep -E "MATCH|MISMATCH" "$out/log" || true) | head -n 1 | sed 's/^ *//')
  slip=$( (grep -A1 "diagnosis" "$out/log" || true) | tail -n 1 | sed 's/^ *- *//' | cut -c1-110)
  echo "posenc check: ${t} s  ${verdict}"
  [ "$name" = right ] || echo "  diagnosis: $slip"
  tn=$(seconds "$python" "$repo/scripts/bench_check.py" numpy "$file" $length $dim)
  echo "numpy way:    ${tn} s  ($(cat "$out/log"))"
  if awk -v t="$t" 'BEGIN { exit !(t >= 1.0) }'; then
    echo "  target missed: posenc check took ${t} s (target < 1 s)"
    status=1
  fi
done
exit $status
