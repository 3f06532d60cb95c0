#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (in the asan preset's tree: clang, ASan + UBSan; after the
# sanitizer run of scripts/test.sh they are built already) and runs each one for
# SECONDS (default 30) on a copy of its seed corpus, so the committed corpus never grows.
# Fails on any finding (crash, sanitizer report, broken invariant, timeout, memory blow-up);
# the input that caused it is kept in BUILD_DIR/artifacts/<target>/.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   TARGET is a name such as "session"; default: every tests/fuzz/<name>_fuzz.cpp.
#   POSENC_FUZZ_BUILD_DIR overrides the build folder (default build/asan).
#   POSENC_FUZZ_ARGS adds libFuzzer options to every run (e.g. "-jobs=2 -workers=2").
#   POSENC_FUZZ_JOBS: how many targets run at once (default: the number of cores).
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

build_dir="${POSENC_FUZZ_BUILD_DIR:-build/asan}"
case "$build_dir" in /*) ;; *) build_dir="$PWD/$build_dir" ;; esac
cmake --preset asan -B "$build_dir" >/dev/null
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

# One target: its summary line in $work/NAME.line, "FAILED" in $work/NAME.failed on a finding.
run_target() {
  local name="$1" exe seeds corpus artifacts args log start status elapsed execs rate cov line
  exe="$build_dir/tests/fuzz/${name}_fuzz"
  seeds="tests/fuzz/corpus/$name"
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
    {
      echo "fuzz: $name FAILED (exit $status); the last lines of its log:"
      tail -n 60 "$log"
      echo "fuzz: the input is in $artifacts/ (rerun: $exe FILE)"
    } >&2
    touch "$work/$name.failed"
    line="$line  FAILED"
  fi
  echo "$line" > "$work/$name.line"
}

for name in "${targets[@]}"; do
  if [ ! -x "$build_dir/tests/fuzz/${name}_fuzz" ]; then
    echo "fuzz: $build_dir/tests/fuzz/${name}_fuzz was not built (is posenc_add_fuzzer($name ...) in tests/fuzz/CMakeLists.txt?)" >&2
    exit 1
  fi
  if [ ! -d "tests/fuzz/corpus/$name" ]; then
    echo "fuzz: no seed corpus tests/fuzz/corpus/$name" >&2
    exit 1
  fi
done

# The targets run POSENC_FUZZ_JOBS at a time (default: one per core): each libFuzzer process
# is single-threaded, so on two cores two targets take the time of one, and each still gets
# its full SECONDS.
jobs="${POSENC_FUZZ_JOBS:-$(nproc)}"
for name in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_target "$name" &
done
wait

failed=()
summary=()
for name in "${targets[@]}"; do
  summary+=("$(cat "$work/$name.line" 2>/dev/null || echo "$name: no result")")
  if [ -f "$work/$name.failed" ] || [ ! -f "$work/$name.line" ]; then failed+=("$name"); fi
done

echo "== fuzz summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: no findings"
