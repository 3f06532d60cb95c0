#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds everything (warnings are errors) and runs every test; runs
# the static analysis (scripts/lint.sh: clang-format, clang-tidy, cppcheck and the project's
# own checks); builds and runs the whole suite again under AddressSanitizer +
# UndefinedBehaviorSanitizer (preset asan); runs the core's tests under ThreadSanitizer
# (preset tsan: the attention views spread their rows over threads); then runs each libFuzzer
# target for 30 seconds (scripts/fuzz.sh). At the end (also after a failure) it prints how
# long each stage took.
#
# Usage: scripts/test.sh [--quick]
#   (no flag)  the full run, what CI runs (.ci/run)
#   --quick    the edit-compile-test loop: the ci build and every test, nothing else (no
#              static analysis, sanitizers or fuzzing)
# Environment, to drop single stages of the full run: POSENC_TEST_LINT=0 skips the static
# analysis, POSENC_TEST_ASAN=0 the ASan + UBSan pass, POSENC_TEST_TSAN=0 the ThreadSanitizer
# pass; POSENC_FUZZ_SECONDS=N sets the fuzzing time per target (0 skips fuzzing). CI uses the
# defaults.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h | --help) sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "test.sh: unknown argument '$arg' (usage: scripts/test.sh [--quick])" >&2; exit 2 ;;
  esac
done

# Stage timing: stage NAME closes the running stage and opens the next one; the table is
# printed on exit, so a failed run still says where its time went and which stage failed.
stage_names=()
stage_seconds=()
stage_name=""
stage_start=$SECONDS
stage() {
  if [ -n "$stage_name" ]; then
    stage_names+=("$stage_name")
    stage_seconds+=($((SECONDS - stage_start)))
  fi
  stage_name="$1"
  stage_start=$SECONDS
  [ -z "$1" ] || echo "== test.sh: $1 (${SECONDS}s so far)"
}
timing_table() {
  local status=$? failed="$stage_name" i
  stage ""
  echo "== test.sh: time per stage"
  printf '%-24s %8s\n' stage seconds
  for i in "${!stage_names[@]}"; do
    printf '%-24s %8d\n' "${stage_names[$i]}" "${stage_seconds[$i]}"
  done
  printf '%-24s %8d\n' total "$SECONDS"
  if [ "$status" -ne 0 ]; then
    echo "test.sh: failed in stage '$failed' (exit $status)" >&2
  fi
}
trap timing_table EXIT

stage "dependencies"
# The screenshot suite (a ctest, tests/screens) needs Xvfb and openbox before configuring;
# scripts/lint.sh and scripts/fuzz.sh add their own tools.
scripts/deps.sh build screens
stage "ci build"
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
stage "ci tests"
ctest --preset ci

if [ "$quick" -eq 1 ]; then
  stage ""
  exit 0
fi

if [ "${POSENC_TEST_LINT:-1}" != 0 ]; then
  stage "static analysis"
  scripts/lint.sh
fi

if [ "${POSENC_TEST_ASAN:-1}" != 0 ]; then
  stage "asan build"
  cmake --preset asan
  cmake --build --preset asan -j "$(nproc)"
  stage "asan tests"
  ctest --preset asan
fi

if [ "${POSENC_TEST_TSAN:-1}" != 0 ]; then
  stage "tsan build (core)"
  cmake --preset tsan
  cmake --build --preset tsan -j "$(nproc)"
  stage "tsan tests (core)"
  ctest --preset tsan
fi

fuzz_seconds="${POSENC_FUZZ_SECONDS:-30}"
if [ "$fuzz_seconds" != 0 ]; then
  stage "fuzzing"
  scripts/fuzz.sh "$fuzz_seconds"
fi
stage ""
