#!/usr/bin/env bash
# The GPU runbook's rehearsal: the device's exact command lines (bench/gpu/README.md, "With a GPU in
# hand") with `--device cpu --tiny`, in a Debian 13 root that has only what the lent GPU machine has:
# a compiler, CMake, Ninja, Python with torch (python3-torch 2.6; libtorch-dev for torch's CMake
# config) and NO pkg-config, FFmpeg, Qt, nlohmann-json or SentencePiece development packages. What
# the device lacks travels with the tree (bench/gpu/run.sh stage), as it will on the device.
#
#   scripts/gpu-rehearsal.sh root     the root ($FRAMESMITH_ROOTS/gpu-rehearsal), made from the
#                                     trixie base tarball, packages reused from CI's trixie root
#   scripts/gpu-rehearsal.sh run      stage here, then twice into a fresh copy of the tree as the
#                                     device gets it (tracked + untracked files + the carried
#                                     bench/gpu/stage): `quick`, `quick2` and `quick3` through torch's CMake
#                                     config, then again through the direct fallback
#                                     (FRAMESMITH_TORCH_ROUTE=direct). Fails when a stage fails or
#                                     is skipped. Writes $FRAMESMITH_ROOTS/gpu-rehearsal.md
#
# A separate root from CI's /var/tmp/framesmith-roots/trixie, with its own ccache
# ($FRAMESMITH_ROOTS/ccache-gpu-rehearsal) so the second pass and reruns are cheap. Builds run with
# `nice -n 10` and FRAMESMITH_JOBS (default 2). Not part of CI (a cold pass builds the backend twice
# over on 2 cores); rerun it when bench/gpu/, a CMakeLists.txt or a dependency changes, and put its
# result in docs/benchmarks.md, "GPU runbook rehearsal". Needs root.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
roots=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}
root=$roots/gpu-rehearsal
ccache_dir=$roots/ccache-gpu-rehearsal
what=${1:-}

# What the GPU image has (a compiler, CMake, Ninja, Python with torch and diffusers' imports),
# and xz / file for run.sh's returned binaries. Deliberately absent: pkg-config, FFmpeg, Qt,
# nlohmann-json3-dev, libsentencepiece-dev.
packages=(
  build-essential cmake ninja-build ccache xz-utils file binutils
  python3-torch libtorch-dev
  python3-numpy python3-packaging python3-filelock python3-requests python3-regex python3-pil
  python3-tqdm python3-yaml python3-typing-extensions python3-fsspec python3-importlib-metadata
  python3-httpx python3-safetensors
)
forbidden=(pkgconf pkg-config pkgconf-bin libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
  qt6-base-dev nlohmann-json3-dev libsentencepiece-dev)

inroot() { bash "$here/debian-root.sh" run "$root" "$@"; }
log() { echo "== gpu-rehearsal $(date -u +%T) $*"; }

make_root() {
  mkdir -p "$ccache_dir"
  bash "$here/debian-root.sh" base trixie "$root"
  # CI's trixie root has most of these .debs already (scripts/debian13-root.sh prepare).
  local cache=$roots/trixie/var/cache/apt/archives
  [ -d "$cache" ] && cp -nl "$cache"/*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true
  log "installing ${#packages[@]} packages"
  inroot -- bash -c 'set -e
    [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name "*Packages*" -mmin -1440 | head -1)" ] || apt-get update -qq
    apt-get install -y -qq -o Dpkg::Use-Pty=0 "$@" > /var/log/framesmith-apt.log 2>&1 ||
      { tail -30 /var/log/framesmith-apt.log >&2; exit 1; }' apt "${packages[@]}"
  # Whatever pulled them in: the device has none of these, so neither has the rehearsal.
  inroot -- bash -c 'for p in "$@"; do dpkg-query -W -f="\${Status}" "$p" 2>/dev/null | grep -q "install ok" &&
      dpkg --remove --force-depends "$p" > /dev/null 2>&1; done
    ! command -v pkg-config && [ ! -e /usr/include/nlohmann/json.hpp ] && [ ! -e /usr/include/sentencepiece_processor.h ] &&
      [ ! -e /usr/include/x86_64-linux-gnu/libavcodec/avcodec.h ] && [ ! -e /usr/include/libavcodec/avcodec.h ] ||
      { echo "gpu-rehearsal: the root still has a package the GPU machine lacks" >&2; exit 1; }' forbid "${forbidden[@]}" > /dev/null
  inroot -- dpkg-query -W -f='${Package} ${Version}\n' python3-torch libtorch-dev cmake g++ python3
}

case "$what" in
  root) make_root ;;
  run) exec bash "$here/gpu-rehearsal-run.sh" ;;
  *) echo "usage: scripts/gpu-rehearsal.sh root | run" >&2; exit 2 ;;
esac
