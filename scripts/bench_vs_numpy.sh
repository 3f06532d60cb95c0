#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Side-by-side: the sinusoidal similarity heatmap (d = 128) drawn as an 800 x 800 pixel PNG by
# `posenc export` and by the same picture made with numpy + matplotlib
# (scripts/bench_numpy_similarity.py: np.sin/np.cos table, PE @ PE.T, plt.imshow, savefig).
#
# For L = 1024, 4096, 8192 each tool runs RUNS times, alternating (posenc, numpy, then numpy,
# posenc, ...: ABBA order, so a drift in machine load hits both alike); then posenc alone
# at L = 64, 65536 and 1048576. Each run is a fresh process: wall time (start to exit,
# nanosecond clock), CPU time (user + system, GNU time's %U + %S; steadier than wall time on
# a shared machine) and peak resident memory (GNU time's %M, maximum RSS in KB).
# Prints the medians and the ratios the issue's targets are about.
#
# Usage: scripts/bench_vs_numpy.sh [--runs N] [--keep DIR] [PATH/TO/posenc]
#   PATH/TO/posenc  default: build/release/app/posenc, then build/ci/app/posenc, then `posenc`
#                   on PATH
#   --runs N        runs per tool and length (default 5)
#   --keep DIR      keep the pictures in DIR (default: a temporary folder, removed at exit)
# Needs GNU time and Debian's /usr/bin/python3 with python3-numpy and python3-matplotlib; it
# installs them (scripts/deps.sh numpy) when one is missing.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=5
keep=""
posenc=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --runs=*) runs="${1#--runs=}"; shift ;;
    --keep) keep="${2:?--keep needs a folder}"; shift 2 ;;
    --keep=*) keep="${1#--keep=}"; shift ;;
    -h|--help) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench_vs_numpy.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) posenc="$1"; shift ;;
  esac
done
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "bench_vs_numpy.sh: --runs must be a positive integer, got '$runs'" >&2
  exit 2
fi

if [ -n "$posenc" ] && [ ! -x "$posenc" ]; then
  echo "bench_vs_numpy.sh: '$posenc' is not an executable file (give the path of the built posenc)" >&2
  exit 2
fi
if [ -z "$posenc" ]; then
  for candidate in "$repo/build/release/app/posenc" "$repo/build/ci/app/posenc"; do
    if [ -x "$candidate" ]; then posenc="$candidate"; break; fi
  done
  if [ -z "$posenc" ] && command -v posenc >/dev/null 2>&1; then posenc="$(command -v posenc)"; fi
fi
if [ -z "$posenc" ] || [ ! -x "$posenc" ]; then
  echo "bench_vs_numpy.sh: no posenc executable found (tried build/release/app/posenc," \
       "build/ci/app/posenc and PATH); build it with 'cmake --preset release &&" \
       "cmake --build --preset release' or give its path" >&2
  exit 2
fi

# --- Dependencies: GNU time, Debian's python3 with numpy and matplotlib --------------------
python=/usr/bin/python3
missing=()
[ -x /usr/bin/time ] || missing+=(time)
[ -x "$python" ] || missing+=(python3)
if [ -x "$python" ]; then
  "$python" -c 'import numpy' 2>/dev/null || missing+=(python3-numpy)
  "$python" -c 'import matplotlib' 2>/dev/null || missing+=(python3-matplotlib)
else
  missing+=(python3-numpy python3-matplotlib)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Missing: ${missing[*]}"
  "$repo/scripts/deps.sh" numpy
fi

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  out="$(cd "$keep" && pwd)"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
numpy_script="$repo/scripts/bench_numpy_similarity.py"
raw="$out/runs.tsv"
: > "$raw"

# One measured run: appends "tool L wall_us cpu_s peak_kb" to $raw. Output goes to $out/TOOL-L.png.
measure() {
  local tool="$1" length="$2" png="$out/$1-$2.png" stats="$out/time.txt"
  local cmd
  if [ "$tool" = posenc ]; then
    cmd=("$posenc" export --scheme sinusoidal --set "length=$length" --set dim=128
         --view similarity --size 800x800 --out "$png")
  else
    cmd=("$python" "$numpy_script" --length "$length" --dim 128 --size 800x800 --out "$png")
  fi
  rm -f "$png"
  local t0 t1
  t0=$(date +%s%N)
  if ! /usr/bin/time -f '%U %S %M' -o "$stats" "${cmd[@]}" > "$out/last.log" 2>&1; then
    echo "bench_vs_numpy.sh: $tool failed at L = $length:" >&2
    cat "$out/last.log" >&2
    exit 1
  fi
  t1=$(date +%s%N)
  [ -s "$png" ] || { echo "bench_vs_numpy.sh: $tool wrote no $png" >&2; exit 1; }
  local user sys kb
  read -r user sys kb < <(tail -n 1 "$stats")
  awk -v tool="$tool" -v l="$length" -v us="$(( (t1 - t0) / 1000 ))" -v u="$user" -v s="$sys" \
      -v kb="$kb" 'BEGIN { printf "%s\t%s\t%d\t%.2f\t%d\n", tool, l, us, u + s, kb }' >> "$raw"
  tail -n 1 "$raw" | awk -F'\t' '{ printf "  %-6s L=%-8s %8.3f s wall %7.2f s cpu %8.1f MB\n", $1, $2, $3 / 1e6, $4, $5 / 1024 }'
}

echo "posenc: $posenc ($("$posenc" --version 2>/dev/null | head -n 1))"
echo "numpy:  $python $("$python" -c 'import numpy, matplotlib; print("numpy", numpy.__version__, "matplotlib", matplotlib.__version__)')"
echo "runs:   $runs per tool and length; pictures in $out"
echo "cores:  $(nproc); load average now: $(cut -d' ' -f1-3 /proc/loadavg)"

# Warm-up (not counted): font caches, the page cache of both programs and libraries.
measure posenc 64 > /dev/null
measure numpy 64 > /dev/null
: > "$raw"

for length in 1024 4096 8192; do
  for ((r = 0; r < runs; ++r)); do
    if (( r % 2 == 0 )); then measure posenc "$length"; measure numpy "$length"
    else measure numpy "$length"; measure posenc "$length"; fi
  done
done
for length in 64 65536 1048576; do
  for ((r = 0; r < runs; ++r)); do measure posenc "$length"; done
done

"$python" - "$raw" "$out" <<'EOF'
import statistics
import struct
import sys

raw, out = sys.argv[1], sys.argv[2]
runs = {}
for line in open(raw):
    tool, length, micros, cpu, kb = line.split()
    runs.setdefault((tool, int(length)), []).append((int(micros) / 1e6, float(cpu), int(kb) / 1024))


class Stats:
    """Medians of wall time, CPU time and peak RSS over the runs of one tool and length."""

    def __init__(self, r):
        self.wall = statistics.median(w for w, _, _ in r)
        self.cpu = statistics.median(c for _, c, _ in r)
        self.mb = statistics.median(m for _, _, m in r)
        self.max_mb = max(m for _, _, m in r)


def med(tool, length):
    r = runs.get((tool, length))
    return Stats(r) if r else None


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def cols(s):
    return "%8.3f %7.2f %9.1f" % (s.wall, s.cpu, s.mb) if s else "%8s %7s %9s" % ("-", "-", "-")


count = max(len(r) for r in runs.values())
print()
print("Sinusoidal similarity (d = 128) as an 800 x 800 px PNG; medians of %d runs per cell" % count)
print("%8s | %-26s | %-26s | %s" % ("", "posenc", "numpy + matplotlib", "numpy / posenc"))
print("%8s | %8s %7s %9s | %8s %7s %9s | %7s %7s" %
      ("L", "wall s", "cpu s", "peak MB", "wall s", "cpu s", "peak MB", "wall", "cpu"))
print("-" * 9 + "+" + "-" * 28 + "+" + "-" * 28 + "+" + "-" * 16)
for length in sorted({l for _, l in runs}):
    p, n = med("posenc", length), med("numpy", length)
    ratio = ("%6.1fx %6.1fx" % (n.wall / p.wall, n.cpu / max(p.cpu, 0.005)) if p and n
             else "%7s %7s" % ("-", "-"))
    print("%8d | %s | %s | %s" % (length, cols(p), cols(n), ratio))
print("wall: whole process, start to exit; cpu: user + system; peak MB: maximum resident set (MiB)")

p64, p1m, p4k, n4k = med("posenc", 64), med("posenc", 1048576), med("posenc", 4096), med("numpy", 4096)
print()
print("Targets (issue 5), on wall time:")
if p4k and n4k:
    r = n4k.wall / p4k.wall
    print("  posenc >= 10x faster than numpy at 4096:  %6.1fx  %s" % (r, "met" if r >= 10 else "MISSED"))
if p64 and p1m:
    r = p1m.wall / p64.wall
    print("  posenc at 1048576 <= 2x posenc at 64:     %6.2fx  %s  (cpu: %.2fx)" %
          (r, "met" if r <= 2 else "MISSED", p1m.cpu / max(p64.cpu, 0.005)))
    print("  posenc peak memory at 1048576 < 300 MB:   %6.1f MB (largest run %.1f)  %s" %
          (p1m.mb, p1m.max_mb, "met" if p1m.max_mb < 300 else "MISSED"))
bad = {}
for tool, length in runs:
    size = png_size("%s/%s-%d.png" % (out, tool, length))
    if size != (800, 800):
        bad["%s-%d" % (tool, length)] = size
print("  pictures: %s" % ("all 800 x 800 px" if not bad else "NOT 800 x 800: %s" % bad))
EOF
