#!/usr/bin/env bash
# Installs what is missing, builds everything (warnings are errors) and runs every test; runs
# the static analysis (scripts/lint.sh: clang-tidy and cppcheck on core/ and ui/); builds and
# runs the whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer (preset
# asan); runs the core's tests under ThreadSanitizer (preset tsan: the attention views spread
# their rows over threads); then runs each libFuzzer target for 30 seconds (scripts/fuzz.sh).
# For a quicker local run: POSENC_TEST_LINT=0 skips the static analysis, POSENC_TEST_ASAN=0
# the ASan + UBSan pass, POSENC_TEST_TSAN=0 the ThreadSanitizer pass, POSENC_FUZZ_SECONDS=N sets the fuzzing time per target (0 skips
# fuzzing). CI uses the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."

stage() {
  echo "== test.sh: $1 (${SECONDS}s so far)"
}

scripts/deps.sh
stage "ci build"
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
stage "ci tests"
ctest --preset ci

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
stage "done"
