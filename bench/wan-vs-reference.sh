#!/usr/bin/env bash
# The Wan port against the diffusers reference on the CPU, side by side in one run on this machine,
# both on the same torch: Debian 13's libtorch 2.6 (the port's bench build in the root of
# bench/wan-ref-root.sh) and python3-torch 2.6 over the same libtorch2.6 package. For each workload,
# the port's bench_wan_forward and then the reference's bench/wan_ref_bench.py, one process each, the
# same threads, float32, the same weights and inputs (ROOT/var/wanbench/WORKLOAD). Builds nothing.
# Prints one Markdown row per workload: both medians, their ratio, both activation peaks, the
# OpenBLAS kernel each ran, the port's largest difference from the reference's output, and the
# 1-minute load average after the row.
#   bench/wan-vs-reference.sh [WORKLOAD ...]  (default: wan-transformer-1.3b wan-vae-decode wan22-vae-decode)
# First (once): bench/wan-ref-root.sh setup; bench/wan-ref-root.sh build; bench/wan-ref-root.sh weights.
# Environment: FRAMESMITH_ROOTS (default /var/tmp/framesmith-roots; the root is its trixie/), RUNS
# (timed runs per side after one warm-up, default 3), THREADS (default 2). OPENBLAS_CORETYPE, when
# exported, reaches both sides alike.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}/trixie
runs=${RUNS:-3}
threads=${THREADS:-2}
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(wan-transformer-1.3b wan-vae-decode wan22-vae-decode)
bin=/build/cpu/bin/bench_wan_forward
[ -x "$root$bin" ] || { echo "no $root$bin: run bench/wan-ref-root.sh setup and build first" >&2; exit 2; }
for w in "${workloads[@]}"; do
  [ -f "$root/var/wanbench/$w/inputs.safetensors" ] ||
    { echo "no weights for $w in $root/var/wanbench: run bench/wan-ref-root.sh weights $w" >&2; exit 2; }
done

inroot() { # command... (the root's environment is cleared: the thread settings are passed here)
  bash "$src/scripts/debian-root.sh" run "$root" --bind "$src:/src" -- env OMP_NUM_THREADS="$threads" \
    OPENBLAS_NUM_THREADS="$threads" ${OPENBLAS_CORETYPE:+OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE} "$@"
}
field() { # line key -> the value after key
  awk -v k="$2" '{for (i = 1; i < NF; ++i) if ($i == k) print $(i + 1)}' <<< "$1"
}
line() { # the line of a side's output that carries the numbers, or the whole output to stderr
  grep '^median_s ' <<< "$1" || { echo "$1" >&2; exit 1; }
}

torch=$(inroot dpkg-query -W -f='${Version}' libtorch2.6)
echo "date $(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), threads $threads," \
  "runs $runs, float32, libtorch2.6 $torch (both sides), OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE-unset}"
echo "| workload | port median s | reference median s | port / reference | port activation MiB | reference activation MiB | OpenBLAS kernel (port, reference) | max abs diff (of max abs) | load after |"
echo "|---|---|---|---|---|---|---|---|---|"
for w in "${workloads[@]}"; do
  kind=$(python3 "$src/bench/wan_ref_bench.py" kind "$w")
  port=$(line "$(inroot "$bin" "$kind" --model "/var/wanbench/$w" --runs "$runs" --threads "$threads" 2>&1)")
  ref=$(line "$(inroot /usr/bin/python3 /src/bench/wan_ref_bench.py run --ref /ref --dir /var/wanbench \
    --workload "$w" --runs "$runs" --threads "$threads" 2>&1)")
  pt=$(field "$port" median_s) rt=$(field "$ref" median_s)
  ratio=$(awk -v a="$pt" -v b="$rt" 'BEGIN {printf "%.2f", a / b}')
  echo "| $w | $pt | $rt | **$ratio** | $(field "$port" activation_MiB) | $(field "$ref" activation_MiB) |" \
    "$(field "$port" blas), $(field "$ref" blas) | $(field "$port" max_abs_diff) ($(field "$port" ref_max_abs)) |" \
    "$(cut -d' ' -f1 /proc/loadavg) |"
done
