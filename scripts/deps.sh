#!/usr/bin/env bash
# Installs the Debian 12 packages PosEnc Explorer needs to build, test and run, if missing.
set -euo pipefail
packages=(
  cmake make g++ pkg-config
  libeigen3-dev libgtest-dev libbenchmark-dev
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libgl-dev
  qt6-l10n-tools qt6-translations-l10n
  fonts-dejavu-core fonts-noto-cjk
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
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
