#!/usr/bin/env bash
# scripts/gpu-rehearsal.sh run: stage here, then the device's command lines in the rehearsal root,
# on a fresh copy of the tree as the device gets it, once per torch route. See gpu-rehearsal.sh.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/.." && pwd)
roots=${FRAMESMITH_ROOTS:-/var/tmp/framesmith-roots}
root=$roots/gpu-rehearsal
work=$roots/gpu-rehearsal-work
report=$roots/gpu-rehearsal.md
routes=(${FRAMESMITH_REHEARSAL_ROUTES:-config direct})
log() { echo "== gpu-rehearsal $(date -u +%T) $*"; }

[ -x "$root/usr/bin/cmake" ] || bash "$here/gpu-rehearsal.sh" root
log "stage (here, as before a loan)"
bash "$src/bench/gpu/run.sh" stage > /dev/null
tail -1 "$src/bench/gpu/out/run.log"

# The tree as the device gets it: tracked and untracked-not-ignored files, plus the carried stage.
copy_tree() {
  local tree=$1
  rm -rf "$tree" && mkdir -p "$tree"
  (cd "$src" && git ls-files -co --exclude-standard -z | tar --null --ignore-failed-read -T - -cf - 2> /dev/null |
    tar -xf - -C "$tree")
  cp -r "$src/bench/gpu/stage" "$tree/bench/gpu/stage"
  # The device counts bytes, not disk blocks (du -sm says ~10 % more).
  du -sb "$tree" | awk '{printf "%d\n", $1 / 1048576}'
}

# The exact device command lines (bench/gpu/README.md) with --device cpu --tiny. What only the
# rehearsal sets: a budget for 2 cores, the route, -j2 under nice, and its ccache.
run_pass() {
  local route=$1 tree=$work/tree out=$work/out-$1
  local size; size=$(copy_tree "$tree")
  rm -rf "$out" && mkdir -p "$out"
  log "pass $route: tree ${size} MiB (the device takes 64)"
  [ "$size" -lt 64 ] || { echo "gpu-rehearsal: the tree with its carried stage is ${size} MiB" >&2; return 1; }
  local status=0 call
  for call in quick quick2 quick3; do
    local budget=7200; [ $call != quick ] && budget=2400
    log "pass $route: bash bench/gpu/run.sh --device cpu --tiny $call"
    bash "$here/debian-root.sh" run "$root" --bind "$tree:/tree" --bind "$out:/out" \
      --bind "$roots/ccache-gpu-rehearsal:/ccache" -- bash -c 'cd /tree
      export CCACHE_DIR=/ccache CCACHE_BASEDIR=/tree CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=3G
      export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
      export OUT=/out/$1 FRAMESMITH_QUICK_BUDGET_S=$2 FRAMESMITH_TORCH_ROUTE=$3 FRAMESMITH_JOBS=2
      ccache -z > /dev/null
      nice -n 10 bash bench/gpu/run.sh --device cpu --tiny $1 > /dev/null 2>&1; rc=$?
      ccache -s | grep -E "Hits|Misses" | head -2 | tr -s " " | tr "\n" ";" > /out/$1/ccache.txt
      exit $rc' call "$call" "$budget" "$route" || status=$?
    grep -E '^(-- |== quick)' "$out/$call/run.log" | grep -v starting || true
  done
  return $status
}

mkdir -p "$work"
failed=0
for route in "${routes[@]}"; do
  run_pass "$route" || failed=1
done

# The summary: each stage's status and time per pass, the build's cost; fails on anything not ok.
python3 - "$work" "$report" "$(git -C "$src" rev-parse --short HEAD)" "${routes[@]}" <<'PY' || failed=1
import datetime, json, os, sys
work, report, commit, routes = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
lines = [f"Rehearsal {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC, commit {commit}: "
         "`scripts/gpu-rehearsal.sh run` (Debian 13 root without pkg-config, FFmpeg, Qt, nlohmann-json or "
         "SentencePiece dev packages; python3-torch 2.6 + libtorch-dev; 2 cores, -j2 under nice -n 10).", "",
         "| pass | call | stage | status | seconds (2 cores) | note |", "|---|---|---|---|---|---|"]
bad, builds, seen_rows = [], [], {}
for route in routes:
    for call in ("quick", "quick2", "quick3"):
        path = os.path.join(work, f"out-{route}", call, "results.jsonl")
        lines_in = open(path).read().splitlines() if os.path.exists(path) else []
        # A call's $OUT starts with the earlier calls' rows (run.sh): only its own are its.
        seen = seen_rows.setdefault(route, set())
        rows = [json.loads(l) for l in lines_in if l.strip() and l not in seen]
        seen.update(lines_in)
        stages = [r for r in rows if r.get("step") == "quick"]
        if not stages:
            bad.append(f"{route}/{call}: no stage rows")
        for r in stages:
            lines.append(f"| {route} | {call} | {r['stage']} | {r['status']} | {r['seconds']:.1f} | {r.get('note', '')[:60]} |")
            if r["status"] != "ok":
                bad.append(f"{route}/{call}/{r['stage']}: {r['status']} {r.get('note', '')}")
        ccache = os.path.join(work, f"out-{route}", call, "ccache.txt")
        for r in rows:
            if r.get("step") == "build" and "wallSeconds" in r:
                r["pass"], r["ccacheStats"] = route, open(ccache).read().strip() if os.path.exists(ccache) else ""
                builds.append(r)
lines.append("")
for b in builds:
    lines.append(f"Build ({b['pass']} route, C++{b['cxx']}, ccache: {b['ccacheStats']}): configure "
                 f"{b['configureSeconds']:.0f} s, build {b['wallSeconds']:.0f} s wall on {b['cores']} cores, "
                 f"{b['cpuSeconds']:.0f} core-seconds; 16-core estimate {b['estimate16CoresSeconds']:.0f} s.")
lines.append("")
lines.append("Result: " + ("PASSED" if not bad else "FAILED: " + "; ".join(bad)))
open(report, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
sys.exit(1 if bad else 0)
PY
log "summary in $report"
exit $failed
