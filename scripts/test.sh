#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds everything (warnings are errors) and runs every test;
# packages that build as a .deb and checks the package (desktop-file-validate, appstreamcli,
# the MIME type, lintian: scripts/check_desktop_files.sh and the stage "package"); runs the
# static analysis (scripts/lint.sh: clang-format, clang-tidy, cppcheck and the project's
# own checks); builds and runs the whole suite again under AddressSanitizer +
# UndefinedBehaviorSanitizer (preset asan: clang, which builds the libFuzzer targets in the
# same tree); runs the core's tests of threaded code under ThreadSanitizer (preset tsan: the
# check and the attention views spread their rows over threads); then runs each libFuzzer target of the asan tree for 30
# seconds (scripts/fuzz.sh). At the end (also after a failure) it prints how
# long each stage took.
#
# Usage: scripts/test.sh [--quick]
#   (no flag)  the full run, what CI runs (.ci/run)
#   --quick    the edit-compile-test loop: the ci build and every test but the screenshot
#              suite (ctest -LE screens), nothing else (no package, static analysis,
#              sanitizers or fuzzing); the suite alone: ctest --preset ci -L screens
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
  local status="$1" failed="$stage_name" i
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

# Work beside a stage: the ci and asan tests mostly wait (for windows, the window manager,
# child processes), leaving a core idle; a CPU-bound job started beside them at the lowest
# priority (nice 19) takes only what the tests leave. background NAME CMD... starts one (its
# output in build/NAME.log), finish NAME waits for it, prints its output and fails if it did.
declare -A bg_pid=() bg_start=()
background() {
  local name="$1"
  shift
  mkdir -p build
  set -m  # its own process group, so that stop_background ends it with all its children
  nice -n 19 "$@" > "build/$name.log" 2>&1 &
  bg_pid[$name]=$!
  set +m
  bg_start[$name]=$SECONDS
  echo "== test.sh: $name started beside the next stage (lowest priority, output in build/$name.log)"
}
finish() {
  local name="$1" status=0
  wait "${bg_pid[$name]}" || status=$?
  unset "bg_pid[$name]"
  cat "build/$name.log"
  echo "== test.sh: $name ended, $((SECONDS - bg_start[$name])) s after it started"
  return "$status"
}
stop_background() {
  local name
  for name in "${!bg_pid[@]}"; do kill -- "-${bg_pid[$name]}" 2>/dev/null || true; done
}
on_exit() {
  local status=$?
  stop_background
  timing_table "$status"
}
trap on_exit EXIT

full=$((1 - quick))
lint=$((full && ${POSENC_TEST_LINT:-1} != 0))
asan=$((full && ${POSENC_TEST_ASAN:-1} != 0))
tsan=$((full && ${POSENC_TEST_TSAN:-1} != 0))

stage "dependencies"
# The screenshot suite (a ctest, tests/screens) needs Xvfb and openbox before configuring, the
# ctest Desktop.Validate and the package stage the tools of the group package, the static
# analysis its tools and the asan build clang and lld: all installed here, before any job
# runs in the background.
groups=(build screens package)
[ "$full" -eq 0 ] || groups+=(lint fuzz)
scripts/deps.sh "${groups[@]}"
stage "ci build"
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
# The static analysis only configures a compile database and reads the sources: it runs
# beside the ci tests.
[ "$lint" -eq 0 ] || background lint scripts/lint.sh
stage "ci tests"
if [ "$quick" -eq 1 ]; then
  # The screenshot suite takes most of the tests' time and rarely changes with an edit of the
  # core; the full run (and `ctest --preset ci -L screens`) runs it.
  ctest --preset ci -LE screens
  echo "== test.sh --quick: the screenshot suite was not run (ctest --preset ci -L screens runs it)"
else
  ctest --preset ci
fi

if [ "$quick" -eq 1 ]; then
  stage ""
  exit 0
fi

if [ "$lint" -eq 1 ]; then
  stage "static analysis (rest)"
  finish lint
fi

if [ "${POSENC_TEST_PACKAGE:-1}" != 0 ]; then
  stage "package"
  package_tests
fi

if [ "$asan" -eq 1 ]; then
  stage "asan build"
  cmake --preset asan
  cmake --build --preset asan -j "$(nproc)"
fi
if [ "$tsan" -eq 1 ]; then
  # Configured and built beside the asan tests.
  background tsan-build sh -c 'cmake --preset tsan && cmake --build --preset tsan -j "$(nproc)"'
fi
if [ "$asan" -eq 1 ]; then
  stage "asan tests"
  ctest --preset asan
fi
if [ "$tsan" -eq 1 ]; then
  stage "tsan build (rest)"
  finish tsan-build
  stage "tsan tests (core)"
  ctest --preset tsan
fi

fuzz_seconds="${POSENC_FUZZ_SECONDS:-30}"
if [ "$fuzz_seconds" != 0 ]; then
  stage "fuzzing"
  scripts/fuzz.sh "$fuzz_seconds"
fi
stage ""
