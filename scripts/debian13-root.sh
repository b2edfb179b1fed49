#!/usr/bin/env bash
# The libtorch 2.x lanes: builds Framesmith inside a Debian 13 (trixie) root against Debian's
# libtorch 2.6 and runs the CPU test suite there. One root serves both lanes (the two libtorch
# packages conflict, so apt swaps them); it lives in $FRAMESMITH_ROOTS (default
# /var/tmp/framesmith-roots/trixie) and is created on first use, reused after. Needs root.
#
#   scripts/debian13-root.sh prepare        root + build dependencies of both lanes downloaded
#                                           (network-bound: CI runs it beside the Debian 12 build)
#   scripts/debian13-root.sh cpu [CTEST...] libtorch-dev 2.6 (CPU): whole project, ctest -LE gpu
#   scripts/debian13-root.sh cuda [CTEST...] libtorch-cuda-dev 2.6 (CUDA 12): the same build with
#                                           FRAMESMITH_HAS_CUDA for real, then ctest -LE gpu on
#                                           this GPU-less machine (a CUDA build with no driver
#                                           must say "no GPU found" and run on the CPU)
#   scripts/debian13-root.sh package [cuda|cpu]  cpack in that lane's build: the Debian 13 .deb in
#                                           $FRAMESMITH_ROOTS/packages/ (scripts/test-deb.sh trixie tests it)
#   scripts/debian13-root.sh shell          an interactive shell in the root (source at /src)
#
# Environment: FRAMESMITH_TARGETS="a b" builds only those targets (default: everything the
# suite needs; benchmarks are left out), FRAMESMITH_TEST_ONLY=REGEX configures only the tests whose
# names match (tests/CMakeLists.txt), FRAMESMITH_TEST_SKIP_LABELS="gui" leaves out the tests with
# those labels, FRAMESMITH_NO_TESTS=1 skips ctest, FRAMESMITH_JOBS,
# CCACHE_DISABLE=1 (handed into the root: a cold build).
# FRAMESMITH_BENCH=1 (cpu lane) configures with the benchmark programs (in the lane's build folder,
# whose objects ccache already holds) and runs no tests: bench/libtorch-versions.sh builds
# bench_transformer_forward and bench_vae this way and times them against the 1.13 build.
#
# cuDNN: libtorch-cuda-2.6 depends on nvidia-cudnn, which is only a downloader (its postinst fetches
# cuDNN from NVIDIA; these machines reach no network but Debian's mirror). libtorch_cuda.so needs
# libcudnn.so.9 to load at all, so this script builds a local stand-in package named nvidia-cudnn
# (scripts/cudnn-stub.sh): a libcudnn.so.9 that exports every versioned cudnn* symbol libtorch_cuda
# imports, each returning CUDNN_STATUS_NOT_INITIALIZED. It is enough to link and load; it would
# fail any cuDNN call, which needs a GPU anyway. A machine with a GPU installs the real nvidia-cudnn.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
roots=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}
root=$roots/trixie
lane=${1:-}
shift || true

build_packages=(
  build-essential cmake ninja-build ccache pkg-config git binutils file dpkg-dev lld
  qt6-base-dev qt6-multimedia-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-svg-dev libqcustomplot-dev libgl-dev
  libopenblas0-pthread
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev
  libsentencepiece-dev sentencepiece nlohmann-json3-dev libcurl4-openssl-dev
  xvfb xauth
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-libav
  fonts-wqy-microhei qt6-translations-l10n
)
cpu_torch=(libtorch-dev)
# nvcc is needed by Torch's CMake config (enable_language(CUDA)); CUDA 12.4's nvcc takes g++ <= 13.
cuda_torch=(libtorch-cuda-dev nvidia-cuda-toolkit g++-13)

inroot() { bash "$here/debian-root.sh" run "$root" --bind "$src:/src" --bind "$roots/ccache-trixie:/ccache" -- "$@"; }
log() { echo "== debian13-root [$lane] $(date -u +%T) $*"; }

apt_install() { # packages...: installs (the list is refreshed once a day)
  inroot bash -c 'set -e
    if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name "*Packages*" -mmin -1440 | head -1)" ]; then
      apt-get update -qq; fi
    apt-get install -y -qq -o Dpkg::Use-Pty=0 "$@" > /var/log/framesmith-apt.log 2>&1 ||
      { tail -30 /var/log/framesmith-apt.log >&2; exit 1; }' apt "$@"
}

make_root() {
  mkdir -p "$roots/ccache-trixie"
  bash "$here/debian-root.sh" base trixie "$root"
}

install_cudnn_stub() {
  if inroot dpkg-query -W -f='${Version}' nvidia-cudnn 2>/dev/null | grep -q framesmith; then return; fi
  # The symbols come from the libtorch_cuda that will be installed: unpack it aside, read its imports.
  inroot bash -c 'set -e; cd /tmp && apt-get download -qq libtorch-cuda-2.6 && dpkg -x libtorch-cuda-2.6_*.deb ltc
    bash /src/scripts/cudnn-stub.sh /tmp/ltc /var/cache/nvidia-cudnn-stub.deb
    dpkg -i /var/cache/nvidia-cudnn-stub.deb > /dev/null'
}

prepare() { # network-bound only: the root and every package both lanes install, downloaded
  make_root
  log "downloading the build dependencies of both lanes"
  apt_install --download-only "${build_packages[@]}" "${cuda_torch[@]}"
  apt_install --download-only libtorch-dev
}

configure_and_build() { # build-dir, extra cmake args...
  local dir=$1; shift
  local targets=()
  read -r -a targets <<< "${FRAMESMITH_TARGETS:-}"
  local jobs=${FRAMESMITH_JOBS:-$(nproc)}
  inroot bash -c 'set -e
    export CCACHE_DIR=/ccache CCACHE_BASEDIR=/src CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=5G
    export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
    dir=$1 jobs=$2 ccache_disable=$3 test_only=$4 skip_labels=$5 ntargets=$6; shift 6
    # The root starts from env -i: CCACHE_DISABLE=1 (a cold measurement) must be handed in.
    [ -z "$ccache_disable" ] || export CCACHE_DISABLE=$ccache_disable
    targets=("${@:1:$ntargets}"); shift "$ntargets"
    mkdir -p "$dir"
    cmake -S /src -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRAMESMITH_BUILD_BENCH=OFF \
      -DFRAMESMITH_TEST_ONLY="$test_only" -DFRAMESMITH_TEST_SKIP_LABELS="$skip_labels" "$@" > "$dir/configure.log" 2>&1 ||
      { tail -40 "$dir/configure.log" >&2; exit 1; }
    grep -E "Torch|CUDA|cuda_code" "$dir/configure.log" | grep -v "^--.*Looking" | head -12 || true
    if [ ${#targets[@]} -gt 0 ]; then cmake --build "$dir" --parallel "$jobs" --target "${targets[@]}"
    else cmake --build "$dir" --parallel "$jobs"; fi' build "$dir" "$jobs" \
    "${CCACHE_DISABLE:-}" "${FRAMESMITH_TEST_ONLY:-}" "${FRAMESMITH_TEST_SKIP_LABELS:-}" "${#targets[@]}" "${targets[@]}" "$@"
}

run_suite() { # build-dir, ctest args...
  local dir=$1; shift
  [ -n "${FRAMESMITH_NO_TESTS:-}" ] && return
  inroot bash -c 'set -e; cd "$1"; shift
    export QT_QPA_PLATFORM=offscreen
    ctest -LE gpu --output-on-failure --parallel 2 "$@"' suite "$dir" "$@"
}

case "$lane" in
  prepare) prepare ;;
  cpu)
    make_root
    log "libtorch-dev 2.6 (CPU)"
    apt_install "${build_packages[@]}" "${cpu_torch[@]}"
    inroot dpkg-query -W -f='built against ${Package} ${Version}\n' libtorch-dev
    if [ "${FRAMESMITH_BENCH:-}" = 1 ]; then
      configure_and_build /build/cpu -DFRAMESMITH_BUILD_BENCH=ON
    else
      configure_and_build /build/cpu
      run_suite /build/cpu "$@"
    fi
    ;;
  cuda)
    make_root
    log "libtorch-cuda-dev 2.6 (CUDA 12)"
    apt_install "${build_packages[@]}"
    install_cudnn_stub
    apt_install "${cuda_torch[@]}"
    inroot dpkg-query -W -f='built against ${Package} ${Version}\n' libtorch-cuda-dev nvidia-cuda-toolkit
    configure_and_build /build/cuda -DCMAKE_CUDA_HOST_COMPILER=g++-13
    inroot bash -c 'grep -q -- "-DFRAMESMITH_HAS_CUDA" /build/cuda/build.ninja ||
      { echo "FRAMESMITH_HAS_CUDA is not defined in the CUDA build" >&2; exit 1; }'
    # This root has no Slurm (slurm-wlm, munge): the farm's one-node cluster test runs in CI's step 1.
    run_suite /build/cuda -E '^tst_FarmSlurmLocal$' "$@"
    ;;
  package) # cpack in a lane's build folder; the .deb lands in $FRAMESMITH_ROOTS/packages/
    build=${1:-cuda}
    mkdir -p "$roots/packages"
    inroot bash -c 'set -e; cd "/build/$1"; rm -f framesmith_*.deb; cpack -G DEB > cpack.log 2>&1 || { cat cpack.log; exit 1; }
      dpkg-deb -f framesmith_*.deb Package Version Depends Recommends' package "$build"
    cp "$root/build/$build"/framesmith_*.deb "$roots/packages/"
    ls "$roots/packages/"
    ;;
  shell) make_root; inroot bash ;;
  *) echo "usage: scripts/debian13-root.sh prepare | cpu [CTEST ARGS] | cuda [CTEST ARGS] | package [cuda|cpu] | shell" >&2; exit 2 ;;
esac
