#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds everything (warnings are errors) and runs every test;
# packages that build as a .deb and checks the package (desktop-file-validate, appstreamcli,
# the MIME type, lintian: scripts/check_desktop_files.sh and the stage "package"); runs the
# static analysis (scripts/lint.sh: clang-format, clang-tidy, cppcheck and the project's
# own checks); builds and runs the whole suite again under AddressSanitizer +
# UndefinedBehaviorSanitizer (preset asan); runs the core's tests under ThreadSanitizer
# (preset tsan: the attention views spread their rows over threads); then runs each libFuzzer
# target for 30 seconds (scripts/fuzz.sh). At the end (also after a failure) it prints how
# long each stage took.
#
# Usage: scripts/test.sh [--quick]
#   (no flag)  the full run, what CI runs (.ci/run)
#   --quick    the edit-compile-test loop: the ci build and every test, nothing else (no
#              package, static analysis, sanitizers or fuzzing)
# Environment, to drop single stages of the full run: POSENC_TEST_PACKAGE=0 skips the package
# and its checks, POSENC_TEST_LINT=0 the static analysis, POSENC_TEST_ASAN=0 the ASan + UBSan
# pass, POSENC_TEST_TSAN=0 the ThreadSanitizer pass; POSENC_FUZZ_SECONDS=N sets the fuzzing
# time per target (0 skips fuzzing). CI uses the defaults.
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

# The Debian package of the ci tree, built above (Release as well: the release preset is not
# built a second time), and its checks: the desktop files as the package installs them
# (scripts/check_desktop_files.sh: desktop-file-validate, appstreamcli validate --no-net
# --pedantic with no error or warning, xmllint and update-mime-database on the MIME type, the
# type gio reads for a session) and lintian on the .deb, failing on errors (its warnings and
# infos are printed). The man page and the bash completion are checked by ctest (HelpCli.*).
package_tests() {
  local start=$SECONDS out deb tree
  out="$(cd build/ci && cpack -G DEB)"
  deb="$(printf '%s\n' "$out" | sed -n 's/^CPack: - package: \(.*\.deb\) generated\.$/\1/p')"
  [ -f "$deb" ] || { printf '%s\n' "$out"; echo "test.sh: cpack made no .deb" >&2; return 1; }
  echo "$deb ($(du -k "$deb" | cut -f1) KiB)"
  tree="$(mktemp -d)"
  dpkg-deb -x "$deb" "$tree"
  scripts/check_desktop_files.sh "$tree/usr" || { rm -rf "$tree"; return 1; }
  rm -rf "$tree"
  echo "== lintian $deb"
  lintian --fail-on error --display-info "$deb"
  echo "package stage: $((SECONDS - start)) s"
}

stage "dependencies"
# The screenshot suite (a ctest, tests/screens) needs Xvfb and openbox before configuring, the
# ctest Desktop.Validate and the package stage the tools of the group package;
# scripts/lint.sh and scripts/fuzz.sh add their own tools.
scripts/deps.sh build screens package
stage "ci build"
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
stage "ci tests"
ctest --preset ci

if [ "$quick" -eq 1 ]; then
  stage ""
  exit 0
fi

if [ "${POSENC_TEST_PACKAGE:-1}" != 0 ]; then
  stage "package"
  package_tests
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
