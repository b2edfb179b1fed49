#!/usr/bin/env bash
# The Debian 13 root that bench/wan-vs-reference.sh runs both sides in: the port built against
# Debian's libtorch 2.6 (CPU) and diffusers on python3-torch 2.6, which uses the same libtorch2.6
# package, so both sides run the same torch, oneDNN and OpenBLAS. Needs root; network only to
# Debian's mirror. Idempotent.
#
#   bench/wan-ref-root.sh [setup|build|weights] ...
#     setup    the root ($FRAMESMITH_ROOTS/trixie, scripts/debian-root.sh), the build packages of the
#              cpu lane, the reference's Python packages, and diffusers 0.36.0 + huggingface_hub
#              0.36.2 (../shared/reference/*.tgz) laid out in ROOT/ref
#     build    bench_wan_forward in ROOT/build/cpu (scripts/debian13-root.sh cpu, FRAMESMITH_BENCH=1)
#     weights [WORKLOAD...]  random weights, inputs and the reference's outputs in ROOT/var/wanbench
#              (bench/wan_ref_bench.py make; default: the mid workloads)
# Environment: FRAMESMITH_ROOTS (default /var/tmp/framesmith-roots), FRAMESMITH_JOBS (default 2).
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
roots=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}
root=$roots/trixie
shared=$src/../shared
mode=${1:-setup}
shift || true

inroot() {
  bash "$src/scripts/debian-root.sh" run "$root" --bind "$src:/src" \
    --bind "$shared/fixtures/wan/full-size-configs/Wan-AI:/configs" -- "$@"
}

case "$mode" in
setup)
  bash "$src/scripts/debian-root.sh" base trixie "$root"
  # The reference's packages (shared/reference/wan/wan_ref_root.sh's list, less the text side's);
  # the build packages come with scripts/debian13-root.sh cpu.
  inroot bash -c 'set -e; apt-get update -qq
    apt-get install -y -qq -o Dpkg::Use-Pty=0 python3-torch python3-numpy python3-safetensors \
      python3-packaging python3-filelock python3-requests python3-regex python3-pil python3-tqdm \
      python3-yaml python3-typing-extensions python3-fsspec python3-httpx python3-psutil \
      libopenblas0-pthread > /var/log/wanref-apt.log 2>&1 || { tail -30 /var/log/wanref-apt.log >&2; exit 1; }
    dpkg-query -W -f="\${Package} \${Version}\n" python3-torch libtorch2.6 libopenblas0-pthread'
  if [ ! -d "$root/ref/hub/src/huggingface_hub" ]; then
    rm -rf "$root/ref" && mkdir -p "$root/ref/diffusers" "$root/ref/hub"
    tar -xzf "$shared/reference/diffusers-0.36.0-src.tgz" -C "$root/ref/diffusers"
    tar -xzf "$shared/reference/huggingface_hub-0.36.2-src.tgz" -C "$root/ref/hub"
  fi
  echo "root ready: $root (reference sources in $root/ref)"
  ;;
build)
  FRAMESMITH_BENCH=1 FRAMESMITH_TARGETS=bench_wan_forward FRAMESMITH_JOBS=${FRAMESMITH_JOBS:-2} \
    FRAMESMITH_ROOTS=$roots bash "$src/scripts/debian13-root.sh" cpu
  ;;
weights)
  mkdir -p "$root/var/wanbench"
  inroot /usr/bin/python3 /src/bench/wan_ref_bench.py make --ref /ref --configs /configs --out /var/wanbench "$@"
  ;;
*) echo "usage: bench/wan-ref-root.sh setup | build | weights [WORKLOAD...]" >&2; exit 2 ;;
esac
