#!/usr/bin/env bash
# libtorch 1.13 (this machine's Debian 12 build in build/) against libtorch 2.6 (the Debian 13 root's
# build, scripts/debian13-root.sh) on the CPU, side by side in one run: every workload runs on both
# builds in turn (1.13, 2.6, then 2.6, 1.13 in the next round, so a drift in the machine's load
# falls on both), with the same threads and the same OpenBLAS kernel, and one Markdown table is
# printed at the end. The transformer runs twice on 2.6, once per attention path (fused SDPA,
# chunked math); 1.13 has only the chunked path. Needs root (the 2.6 side runs in a chroot).
#
#   bench/libtorch-versions.sh [--rounds N] [--runs N] [--no-build] [WORKLOAD...]
#     WORKLOAD: transformer-2b transformer-5b decode decode-tiled encode (default: all)
#     --rounds  how many times each workload runs on each side (default 2); the table gives the
#               median of the rounds' medians and their range
#     --runs    timed calls per process after one warm-up (default 3)
#     --no-build  use the bench programs as they are (default: build both sides' first)
#
# Environment: OPENBLAS_CORETYPE (default Cooperlake: Debian 12's OpenBLAS 0.3.21 does not know
# this Emerald Rapids CPU and would fall back to its Prescott kernels; the same kernel on both
# sides keeps the BLAS out of the comparison; each run's "Core:" line is recorded), THREADS
# (default 2), FRAMESMITH_ROOTS (as scripts/debian13-root.sh). The raw output goes to
# $LOG (default /tmp/libtorch-versions.log).
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}/trixie
rounds=2 runs=3 build=1 workloads=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    transformer-2b|transformer-5b|decode|decode-tiled|encode) workloads+=("$1"); shift ;;
    *) echo "libtorch-versions: unknown argument '$1' (see the header of $0)" >&2; exit 2 ;;
  esac
done
[ ${#workloads[@]} -gt 0 ] || workloads=(transformer-2b transformer-5b decode decode-tiled encode)
coretype=${OPENBLAS_CORETYPE:-Cooperlake}
threads=${THREADS:-2}
log=${LOG:-/tmp/libtorch-versions.log}
targets="bench_transformer_forward bench_vae"

if [ "$build" = 1 ]; then
  echo "== building the 1.13 side (build/) and the 2.6 side (the Debian 13 root)" >&2
  [ -f "$src/build/build.ninja" ] || { echo "libtorch-versions: configure build/ first (scripts/build.sh)" >&2; exit 1; }
  (cd "$src" && CCACHE_BASEDIR="$src" CCACHE_NOHASHDIR=1 cmake --build build --target $targets) > /dev/null
  FRAMESMITH_BENCH=1 FRAMESMITH_TARGETS="$targets" bash "$src/scripts/debian13-root.sh" cpu > /dev/null
fi
[ -x "$root/build/cpu/bin/bench_vae" ] || { echo "libtorch-versions: no 2.6 bench build in $root/build/cpu" >&2; exit 1; }

benv=(OPENBLAS_VERBOSE=2 OPENBLAS_CORETYPE="$coretype" OMP_NUM_THREADS="$threads" OPENBLAS_NUM_THREADS="$threads")
run_side() { # side program args...: the program's output (from the source root on both sides)
  local side=$1 program=$2; shift 2
  if [ "$side" = 1.13 ]; then
    (cd "$src" && env "${benv[@]}" "build/bin/$program" "$@")
  else
    bash "$src/scripts/debian-root.sh" run "$root" --bind "$src:/src" -- \
      bash -c 'cd /src && exec "$@"' run env "${benv[@]}" "/build/cpu/bin/$program" "$@"
  fi
}

# Variants of a workload: "side|path|program args..." (path: the attention path, "-" for the VAE).
variants() {
  case "$1" in
    transformer-*)
      local t="bench_transformer_forward --workload ${1#transformer-} --runs $runs"
      echo "1.13|chunked|$t --attention chunked"
      echo "2.6|fused SDPA|$t --attention fused"
      echo "2.6|chunked|$t --attention chunked" ;;
    *)
      echo "1.13|-|bench_vae $1 --runs $runs --threads $threads"
      echo "2.6|-|bench_vae $1 --runs $runs --threads $threads" ;;
  esac
}

# Results: one line per process, "side|workload|path|median s|CPU s|activation MiB|OpenBLAS core".
results=$(mktemp)
trap 'rm -f "$results"' EXIT
: > "$log"
echo "== $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg), OPENBLAS_CORETYPE=$coretype, $threads threads" | tee -a "$log" >&2
for ((round = 1; round <= rounds; ++round)); do
  for workload in "${workloads[@]}"; do
    mapfile -t list < <(variants "$workload")
    [ $((round % 2)) = 0 ] && mapfile -t list < <(printf '%s\n' "${list[@]}" | tac)
    for v in "${list[@]}"; do
      IFS='|' read -r side path cmd <<< "$v"
      label=$workload; [ "$path" = - ] || label="$workload, $path"
      # shellcheck disable=SC2086 # cmd is a program and its arguments
      out=$(run_side "$side" $cmd 2>&1) || { echo "$out" >&2; echo "libtorch-versions: $side $label failed" >&2; exit 1; }
      printf '== round %d, libtorch %s, %s (load %s)\n%s\n' "$round" "$side" "$label" "$(cut -d' ' -f1 /proc/loadavg)" "$out" >> "$log"
      # The last one: a program that restarts itself with a better kernel prints the line twice.
      core=$(sed -n 's/^Core: *//p' <<< "$out" | tail -1)
      if [[ $cmd == bench_vae* ]]; then
        median=$(sed -n 's/^time_s median \([0-9.e+-]*\).*/\1/p' <<< "$out")
        cpu=$(sed -n 's/^cpu_s median \([0-9.e+-]*\).*/\1/p' <<< "$out")
        act=$(sed -n 's/^activation_MiB //p' <<< "$out")
      else
        median=$(sed -n 's/.*: median \([0-9.]*\) s.*/\1/p' <<< "$out")
        cpu=$(sed -n 's/.* \([0-9.]*\) CPU s per call.*/\1/p' <<< "$out")
        act=$(sed -n 's/.*activation peak \([0-9]*\) MiB.*/\1/p' <<< "$out")
      fi
      echo "$side|$workload|$path|$median|$cpu|$act|${core:-unknown}" >> "$results"
      echo "   round $round: libtorch $side, $label: $median s ($cpu CPU s), activation $act MiB, OpenBLAS ${core:-unknown}" >&2
    done
  done
done
echo "== done $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log" >&2

# The table: each 2.6 row against the 1.13 row of its workload (the transformer's against 1.13's
# chunked path, the only one it has). The ratios are taken per round, between runs minutes apart,
# and their median given: on a shared machine the load moves more between rounds than between the
# two sides of a round. CPU seconds (all threads) are steadier than wall time under load.
python3 - "$results" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    side, workload, path, median, cpu, act, core = line.rstrip("\n").split("|")
    r = rows.setdefault((side, workload, path), {"t": [], "c": [], "a": [], "core": set()})
    r["t"].append(float(median)); r["c"].append(float(cpu)); r["a"].append(float(act)); r["core"].add(core)
def cell(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"
def ratio(r, base, key):
    per_round = [x / y for x, y in zip(r[key], base[key])]
    return f"{statistics.median(per_round):.2f} ({', '.join(f'{x:.2f}' for x in per_round)})"
print("| workload | 1.13 s, median (range) | 2.6 s, median (range) | 2.6 / 1.13 wall, per round | 2.6 / 1.13 CPU s, per round | activation MiB 1.13 / 2.6 |")
print("|---|---|---|---|---|---|")
for (side, workload, path), r in rows.items():
    if side != "2.6":
        continue
    base = next(b for (s, w, _), b in rows.items() if s == "1.13" and w == workload)
    name = workload if path == "-" else f"{workload} (2.6: {path})"
    print(f"| {name} | {cell(base['t'])} | {cell(r['t'])} | {ratio(r, base, 't')} | {ratio(r, base, 'c')} "
          f"| {max(base['a']):.0f} / {max(r['a']):.0f} |")
for side in ("1.13", "2.6"):
    cores = sorted(set().union(*(r["core"] for k, r in rows.items() if k[0] == side)))
    print(f"OpenBLAS kernel, libtorch {side}: {', '.join(cores)}")
EOF
