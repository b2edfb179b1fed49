#!/usr/bin/env bash
# The port against the diffusers reference on the CPU, side by side in one run on this machine:
# for each cogvideox-mid workload, the port's benchmark and then the reference's
# (../shared/reference/cpu/ref_bench.py), one process each, the same threads and BLAS. Prints one
# Markdown row per workload with both medians, their ratio and both activation peaks.
#   bench/cpu-vs-reference.sh [WORKLOAD ...]   (default: vae-decode vae-decode-tiled transformer-5b transformer-2b)
# Environment: BUILD (build dir, default build), REF (reference sources from setup-ref.sh, default
# /tmp/framesmith-ref), RUNS (timed runs per side, default 3), THREADS (default 2). Whatever the
# caller exports (OPENBLAS_CORETYPE, say) reaches both sides alike.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD:-$root/build}
ref=${REF:-/tmp/framesmith-ref}
refbench=${REFBENCH:-$root/../shared/reference/cpu/ref_bench.py}
runs=${RUNS:-3}
threads=${THREADS:-2}
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(vae-decode vae-decode-tiled transformer-5b transformer-2b)
[ -d "$ref/diffusers" ] || { echo "no reference sources in $ref: run ../shared/reference/cpu/setup-ref.sh first" >&2; exit 2; }
export OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=$threads
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

port() { # workload -> "median_s activation_MiB"
    case $1 in
    vae-decode) "$build/bin/bench_vae" decode --runs "$runs" --threads "$threads" ;;
    vae-decode-tiled) "$build/bin/bench_vae" decode-tiled --runs "$runs" --threads "$threads" ;;
    vae-encode) "$build/bin/bench_vae" encode --runs "$runs" --threads "$threads" ;;
    transformer-2b) "$build/bin/bench_transformer_forward" --workload 2b --runs "$runs" ;;
    transformer-5b) "$build/bin/bench_transformer_forward" --workload 5b --runs "$runs" ;;
    *) echo "unknown workload $1" >&2; exit 2 ;;
    esac >"$out/port.txt" 2>&1
    if [[ $1 == transformer-* ]]; then
        sed -n 's/.*median \([0-9.]*\) s.*activation peak \([0-9]*\) MiB.*/\1 \2/p' "$out/port.txt"
    else
        awk '/^time_s/ {t=$3} /^activation_MiB/ {a=$2} END {print t, a}' "$out/port.txt"
    fi
}

reference() { # workload -> "median_s activation_MiB blas_core"
    /usr/bin/python3 "$refbench" --ref "$ref" --workload "$1" --repeat "$runs" --threads "$threads" \
        --json "$out/ref.json" >"$out/ref.txt" 2>&1
    /usr/bin/python3 - "$out/ref.json" "$1" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
w = next(x for x in d["workloads"] if x["workload"] == sys.argv[2])
config = w["blas"].get("openblas_config") or "?"
core = config.split()[-2] if "MAX_THREADS" in config else config
print("%.2f %.0f %s %.0f" % (w["median_s"], w["rss"]["activation_kb"] / 1024, core, d["matmul"][0]["torch.mm"]["gflops"]))
EOF
}

echo "date $(date -u +%FT%TZ), $(nproc) cores, threads $threads, runs $runs, OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE-unset}"
echo "| workload | port median s | reference median s | port / reference | port activation MiB | reference activation MiB | reference's BLAS kernel, mm GFLOP/s |"
echo "|---|---|---|---|---|---|---|"
for w in "${workloads[@]}"; do
    read -r pt pa < <(port "$w")
    read -r rt ra core mm < <(reference "$w")
    ratio=$(awk -v a="$pt" -v b="$rt" 'BEGIN {printf "%.2f", a / b}')
    echo "| $w | $pt | $rt | **$ratio** | $pa | $ra | $core, $mm |"
done
