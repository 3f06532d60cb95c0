#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages PosEnc Explorer needs, if missing. The one place that lists
# packages: every other script asks this one for the groups it needs.
#
# Usage: scripts/deps.sh [GROUP...]   (no group: build)
#   build   compiler, CMake, Eigen, GoogleTest, Google Benchmark, nlohmann-json, libzip, Qt 6,
#           QCustomPlot, the translation tools and the fonts the pictures are drawn with;
#           pybind11 and the Python headers for the Python module posenc (core/python), with
#           numpy and pytest for its tests
#   lint    clang-tidy, cppcheck and clang-format (scripts/lint.sh)
#   fuzz    clang, its sanitizer and libFuzzer runtimes and the lld linker: the asan preset
#           (the sanitizer run of scripts/test.sh) and scripts/fuzz.sh
#   translations  python3, for scripts/update_translations.sh (carry_translations.py)
#   numpy   GNU time and Debian's python3 with numpy and matplotlib (scripts/bench_vs_numpy.sh)
#   screens Xvfb and the openbox window manager, for the screenshot suite (tests/screens)
#   package what the Debian package is made and checked with (scripts/package.sh, the package
#           stage of scripts/test.sh): dpkg-shlibdeps (dpkg-dev), fakeroot, file, lintian,
#           desktop-file-validate, appstreamcli, xmllint, update-mime-database and gio
#           (scripts/check_desktop_files.sh), man and bash-completion for the manual page
#           and the completion script
# Uses sudo when not root.
set -euo pipefail

packages_of() {
  case "$1" in
    build)
      echo cmake make g++ pkg-config \
        libeigen3-dev libgtest-dev libbenchmark-dev nlohmann-json3-dev libzip-dev \
        qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev \
        qt6-l10n-tools qt6-translations-l10n \
        fonts-dejavu-core fonts-noto-cjk \
        pybind11-dev python3-dev python3-numpy python3-pytest ;;
    lint) echo clang-tidy cppcheck clang-format ;;
    fuzz) echo clang libclang-rt-14-dev lld ;;
    translations) echo python3 ;;
    numpy) echo time python3 python3-numpy python3-matplotlib ;;
    screens) echo xvfb openbox ;;
    package)
      echo dpkg-dev fakeroot file lintian desktop-file-utils appstream libxml2-utils \
        shared-mime-info libglib2.0-bin man-db bash-completion ;;
    *)
      echo "deps.sh: unknown group '$1' (groups: build lint fuzz translations numpy screens" \
        "package)" >&2
      return 2 ;;
  esac
}

groups=("$@")
if [ ${#groups[@]} -eq 0 ]; then groups=(build); fi
missing=()
for group in "${groups[@]}"; do
  list="$(packages_of "$group")" || exit 2
  for p in $list; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing missing packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
