#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (preset "fuzz": clang, ASan + UBSan) and runs each one for
# SECONDS (default 30) on a copy of its seed corpus, so the committed corpus never grows.
# Fails on any finding (crash, sanitizer report, broken invariant, timeout, memory blow-up);
# the input that caused it is kept in BUILD_DIR/artifacts/<target>/.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   TARGET is a name such as "session"; default: every tests/fuzz/<name>_fuzz.cpp.
#   POSENC_FUZZ_BUILD_DIR overrides the build folder (default build/fuzz).
#   POSENC_FUZZ_ARGS adds libFuzzer options to every run (e.g. "-jobs=2 -workers=2").
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...] (seconds: a whole number >= 1, not '$seconds')" >&2
  exit 2
fi
shift || true

# The project's packages, clang and its libFuzzer runtime.
scripts/deps.sh build fuzz

build_dir="${POSENC_FUZZ_BUILD_DIR:-build/fuzz}"
case "$build_dir" in /*) ;; *) build_dir="$PWD/$build_dir" ;; esac
cmake --preset fuzz -B "$build_dir" >/dev/null
cmake --build "$build_dir" --target posenc_fuzzers -j "$(nproc)"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for src in tests/fuzz/*_fuzz.cpp; do
    name="$(basename "$src" .cpp)"
    targets+=("${name%_fuzz}")
  done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0"
read -r -a extra_args <<<"${POSENC_FUZZ_ARGS:-}"

failed=()
summary=()
for name in "${targets[@]}"; do
  exe="$build_dir/tests/fuzz/${name}_fuzz"
  seeds="tests/fuzz/corpus/$name"
  if [ ! -x "$exe" ]; then
    echo "fuzz: $exe was not built (is posenc_add_fuzzer($name ...) in tests/fuzz/CMakeLists.txt?)" >&2
    exit 1
  fi
  if [ ! -d "$seeds" ]; then
    echo "fuzz: no seed corpus $seeds" >&2
    exit 1
  fi
  corpus="$work/$name"
  artifacts="$build_dir/artifacts/$name"
  mkdir -p "$corpus" "$artifacts"
  cp -r "$seeds/." "$corpus/"
  args=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$artifacts/")
  if [ -f "tests/fuzz/$name.dict" ]; then args+=(-dict="tests/fuzz/$name.dict"); fi
  log="$work/$name.log"
  echo "== fuzz $name: ${seconds}s on a copy of $seeds ($(find "$seeds" -type f | wc -l) seeds)"
  start=$(date +%s)
  status=0
  "$exe" "${args[@]}" "${extra_args[@]}" "$corpus" >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)"
  rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)"
  cov="$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)"
  line="$(printf '%-14s %10s execs  %6s exec/s  %4ss  %s' "$name" "${execs:-?}" "${rate:-?}" "$elapsed" "$cov")"
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $name FAILED (exit $status); the last lines of its log:" >&2
    tail -n 60 "$log" >&2
    echo "fuzz: the input is in $artifacts/ (rerun: $exe FILE)" >&2
    failed+=("$name")
    line="$line  FAILED"
  fi
  echo "$line"
  summary+=("$line")
done

echo "== fuzz summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no findings"
