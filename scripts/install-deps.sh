#!/usr/bin/env bash
# Installs everything Framesmith needs to build, test and run on Debian 12 / Ubuntu.
# Idempotent: packages already present are skipped by apt. Needs root or sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  qt6-base-dev qt6-multimedia-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-svg-dev libqcustomplot-dev libgl-dev qt6-translations-l10n
  libtorch-dev libopenblas0-pthread
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
  libsentencepiece-dev sentencepiece nlohmann-json3-dev
  libcurl4-openssl-dev  # Hub downloads (optional: the build works without it)
  clang libclang-rt-14-dev
  xvfb xauth
  file dpkg-dev debootstrap lld
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav
  fonts-wqy-microhei
  slurm-wlm munge  # the render farm test on a one-node cluster (tests/farm/slurm-local.sh)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
