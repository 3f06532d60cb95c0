#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Side by side (issue 16): open a 2 GB safetensors checkpoint and draw its 1024 x 768 position
# table as a 1000 x 800 px PNG, with `posenc export` and the Python way
# (scripts/bench_model_open.py draw: json header, numpy.memmap, matplotlib imshow + savefig).
# The checkpoint (scripts/bench_model_open.py make: a 650000 x 768 F32 token table, then the
# position table last in the file) and its config.json are written to a temporary folder.
#
# posenc draws the table through the learned scheme's `table` parameter:
#   posenc export --scheme learned --set max_len=1024 --set dim=768 --set length=1024
#                 --table DIR/model.safetensors:wpe.weight --view encoding --out posenc.png
# and through the model folder (`--model DIR`, which maps the config and finds wpe.weight).
# A build whose learned scheme has no `table` parameter draws only the --model line (the
# random stand-in, after reading the checkpoint's header) and says so.
#
# Each run is a fresh process, RUNS per tool in ABBA order (a drift in load hits both alike);
# the file stays in the page cache between runs (the first, cold run is not counted). Prints
# the median wall time of each and the target: posenc under 0.5 s.
#
# Usage: scripts/bench_model_open.sh [--runs N] [--keep DIR] [PATH/TO/posenc]
#   PATH/TO/posenc  default: build/release/app/posenc, then build/ci/app/posenc
#   --runs N        runs per tool (default 5)
#   --keep DIR      write the checkpoint and pictures to DIR and keep them (default: a
#                   temporary folder, removed at exit; the checkpoint takes 2 GB)
# Needs Debian's /usr/bin/python3 with python3-numpy and python3-matplotlib; it installs them
# (scripts/deps.sh numpy) when one is missing. Beware: python3-matplotlib pulls in fonts-lyx,
# whose TeX fonts claim U+0001, so Qt then draws "a\x01b" in two fonts and the ui test
# SvgText.CharactersXmlCannotHoldBecomeReplacementCharacters fails on that machine;
# `apt-get remove fonts-lyx` (which removes matplotlib again) puts it back.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=5
keep=""
posenc=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --keep) keep="${2:?--keep needs a folder}"; shift 2 ;;
    -h|--help) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench_model_open.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) posenc="$1"; shift ;;
  esac
done
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "bench_model_open.sh: --runs must be a positive integer, got '$runs'" >&2
  exit 2
fi
if [ -z "$posenc" ]; then
  for candidate in "$repo/build/release/app/posenc" "$repo/build/ci/app/posenc"; do
    if [ -x "$candidate" ]; then posenc="$candidate"; break; fi
  done
fi
if [ -z "$posenc" ] || [ ! -x "$posenc" ]; then
  echo "bench_model_open.sh: no posenc executable (give its path, or build build/release or" \
       "build/ci)" >&2
  exit 2
fi

python=/usr/bin/python3
if ! [ -x "$python" ] || ! "$python" -c 'import numpy, matplotlib' 2>/dev/null; then
  echo "Missing: Debian's python3 with numpy and matplotlib"
  "$repo/scripts/deps.sh" numpy
fi

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  out="$(cd "$keep" && pwd)"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
script="$repo/scripts/bench_model_open.py"
model="$out/model"
file="$model/model.safetensors"

echo "posenc: $posenc ($("$posenc" --version | head -n 1))"
echo "python: $python $("$python" -c 'import numpy, matplotlib; print("numpy", numpy.__version__, "matplotlib", matplotlib.__version__)')"
echo "cores:  $(nproc); load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ ! -s "$file" ]; then
  t0=$(date +%s%N)
  "$python" "$script" make "$model"
  echo "made:   $file ($(du -h "$file" | cut -f1), $(( ($(date +%s%N) - t0) / 1000000 )) ms)"
fi

# Does this build's learned scheme read a table from a file?
if "$posenc" list --json | "$python" -c '
import json, sys
schemes = {s["id"]: s for s in json.load(sys.stdin)["schemes"]}
sys.exit(0 if any(p["id"] == "table" for p in schemes["learned"]["params"]) else 1)'; then
  tables=yes
else
  tables=no
  echo "note:   this posenc's learned scheme has no table parameter: only --model is timed," \
       "and it draws the random stand-in (re-run after the trained-table schemes are merged)"
fi

# The commands timed, one function each (paths may hold blanks).
run_python() { "$python" "$script" draw "$file" wpe.weight "$out/python.png"; }
run_table() {
  "$posenc" export --scheme learned --set max_len=1024 --set dim=768 --set length=1024 \
    --table "$file:wpe.weight" --view encoding --out "$out/table.png"
}
run_model() { "$posenc" export --model "$model" --view encoding --out "$out/model.png"; }
tools=(python model)
if [ "$tables" = yes ]; then tools=(python table model); fi

raw="$out/runs.tsv"
: > "$raw"
measure() {
  local tool="$1" t0 t1
  t0=$(date +%s%N)
  if ! "run_$tool" > "$out/last.log" 2>&1; then
    echo "bench_model_open.sh: $tool failed (see declare -f run_$tool)" >&2
    cat "$out/last.log" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  printf '%s\t%d\n' "$tool" "$(( (t1 - t0) / 1000 ))" >> "$raw"
}

for tool in "${tools[@]}"; do measure "$tool"; done  # cold: not counted
: > "$raw"
for ((r = 0; r < runs; ++r)); do
  order=("${tools[@]}")
  if (( r % 2 == 1 )); then  # ABBA: every other round in reverse
    order=()
    for ((k = ${#tools[@]} - 1; k >= 0; --k)); do order+=("${tools[k]}"); done
  fi
  for tool in "${order[@]}"; do measure "$tool"; done
done

for tool in "${tools[@]}"; do declare -f "run_$tool" | sed -n '3,$p' | sed '$d' | tr -s ' ' | sed "s/^/  $tool:/"; done
"$python" - "$raw" "$runs" <<'EOF'
import statistics
import sys

runs = {}
for line in open(sys.argv[1]):
    tool, micros = line.split()
    runs.setdefault(tool, []).append(int(micros) / 1e6)
print()
print("Open a 2 GB safetensors file and draw its 1024 x 768 position table (1000 x 800 px PNG);")
print("median wall time of %s runs each, start to exit of a fresh process" % sys.argv[2])
labels = {"python": "python: json + numpy.memmap + matplotlib",
          "table": "posenc export --table FILE:wpe.weight",
          "model": "posenc export --model DIR"}
for tool, times in runs.items():
    print("  %-42s %7.3f s   (min %.3f, max %.3f)" %
          (labels[tool], statistics.median(times), min(times), max(times)))
py = statistics.median(runs["python"])
for tool in ("table", "model"):
    if tool in runs:
        t = statistics.median(runs[tool])
        print("  %-42s %6.1fx faster than python; under 0.5 s: %s" %
              (labels[tool], py / t, "met" if t < 0.5 else "MISSED"))
EOF
