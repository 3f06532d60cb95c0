#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the screenshot suite (tests/screens/screens_test.cpp) on an Xvfb screen with openbox as
# the window manager (full screen, maximised and window sizes need one), at every screen a
# class meets: a 1024 x 768 projector, a 1366 x 768 laptop, a 1920 x 1080 monitor and a
# 3840 x 2160 one at device pixel ratio 2. The PNGs go to OUT_DIR/SIZE_LANG...; look at them.
#
# Usage: tests/screens/run_screens.sh TEST_BINARY OUT_DIR [SIZE...]
#   SIZE: WxH or WxH@2 (device pixel ratio 2); default all four.
set -euo pipefail
binary="$1"
out="$2"
shift 2
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then sizes=(1024x768 1366x768 1920x1080 3840x2160@2); fi
for tool in Xvfb openbox; do
  command -v "$tool" >/dev/null || { echo "run_screens.sh: $tool not found (scripts/deps.sh screens)" >&2; exit 2; }
done
mkdir -p "$out"

status=0
for size in "${sizes[@]}"; do
  geometry="${size%@*}"
  ratio=1
  [ "$size" = "$geometry" ] || ratio="${size#*@}"
  # Xvfb picks a display no other X server holds and writes its number once it accepts
  # clients (-displayfd), so several runs of this script (ctest runs one per size at once)
  # never race for a display.
  fifo="$(mktemp -u)"
  mkfifo "$fifo"
  Xvfb -displayfd 3 -screen 0 "${geometry}x24" -nolisten tcp 3>"$fifo" >/dev/null 2>&1 &
  xvfb=$!
  display=""
  read -r -t 20 display <"$fifo" || true
  rm -f "$fifo"
  if [ -z "$display" ]; then
    echo "run_screens.sh: Xvfb did not start for $size" >&2
    kill "$xvfb" 2>/dev/null || true
    status=1
    continue
  fi
  DISPLAY=":$display" openbox >/dev/null 2>&1 &
  wm=$!
  sleep 1
  tag="$geometry"
  [ "$ratio" = 1 ] || tag="${geometry}_dpr$ratio"
  echo "run_screens.sh: $tag on :$display"
  if ! DISPLAY=":$display" QT_QPA_PLATFORM=xcb QT_SCALE_FACTOR="$ratio" \
      POSENC_SHOTS_DIR="$out" POSENC_SCREEN_TAG="$tag" "$binary"; then
    status=1
  fi
  kill "$wm" "$xvfb" 2>/dev/null || true
  wait "$wm" "$xvfb" 2>/dev/null || true
done
exit "$status"
